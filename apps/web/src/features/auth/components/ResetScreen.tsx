import { FORM_RULES } from '@cairn/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText, HttpError } from '../../../lib/http';
import { useLocalePath } from '../../../lib/use-locale';
import { useRuleForm } from '../../../lib/use-rule-form';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { TextField } from '../../../ui/TextField';
import { requestPasswordReset, resetPassword } from '../api';

/** /password/reset?email&token: a new password twice; the server's refusal is shown until the form changes. */
export default function ResetScreen() {
  const { t } = useTranslation('auth');
  const localize = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [serverError, setServerError] = useState<string | null>(null);
  // an expired or used link (invalid_reset_token): offer a new one rather than a dead end
  const [linkDead, setLinkDead] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useRuleForm({
    defaults: { password: '', password_confirmation: '' },
    rules: FORM_RULES.reset,
    onEdit: () => {
      setServerError(null);
      setLinkDead(false);
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await resetPassword({ username: email, token, ...values });
      navigate(localize('/password/changed'), { replace: true });
    } catch (err) {
      if (err instanceof HttpError && [400, 401, 422].includes(err.status)) {
        setServerError(errorText(err.body));
        setLinkDead(err.body?.code === 'invalid_reset_token');
      }
    }
  });

  // a new link for the address this one was sent to; without it, the forgot form asks for the address
  async function sendNewLink() {
    if (!email) return void navigate(localize('/password/forgot'));
    setSending(true);
    try {
      await requestPasswordReset(email);
      navigate(localize('/password/linksent'));
    } catch {
      // the http client has already shown what went wrong
    } finally {
      setSending(false);
    }
  }
  const newLink = (
    <Button variant="secondary" disabled={sending} onClick={() => void sendNewLink()}>
      {t('reset.sendNewLink')}
    </Button>
  );

  return (
    <>
      <PageHeading title={t('reset.title')}>{t('reset.intro')}</PageHeading>
      {(!email || !token) && (
        <div className="mb-4 flex flex-col items-start gap-3">
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('reset.missingLink')}
          </p>
          {newLink}
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          error={form.error('password')}
          {...form.register('password')}
        />
        <TextField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={form.error('password_confirmation')}
          {...form.register('password_confirmation')}
        />
        {serverError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        )}
        {serverError && linkDead && email && token && newLink}
        <Button type="submit" disabled={form.isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </>
  );
}
