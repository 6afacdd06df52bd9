import { FORM_RULES } from '@cairn/shared/validation';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { useRuleForm } from '../../../lib/use-rule-form';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { TextField } from '../../../ui/TextField';
import { requestPasswordReset } from '../api';

export default function ForgotScreen() {
  const { t } = useTranslation('auth');
  const localize = useLocalePath();
  const navigate = useNavigate();
  const form = useRuleForm({ defaults: { username: '' }, rules: FORM_RULES.forgot });

  const onSubmit = form.handleSubmit(async ({ username }) => {
    try {
      await requestPasswordReset(username);
      navigate(localize('/password/linksent'));
    } catch {
      // the http client has already shown what went wrong
    }
  });

  return (
    <>
      <PageHeading title={t('forgot.title')}>{t('forgot.intro')}</PageHeading>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.error('username')}
          {...form.register('username')}
        />
        <Button type="submit" disabled={form.isSubmitting}>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={localize('/login')} className="font-semibold text-slate-800 underline underline-offset-4">
          {t('forgot.back')}
        </Link>
      </p>
    </>
  );
}
