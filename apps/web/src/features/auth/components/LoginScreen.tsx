import { FORM_RULES } from '@cairn/shared/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText, HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { useRuleForm } from '../../../lib/use-rule-form';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { TextField } from '../../../ui/TextField';
import { fetchProviders, login } from '../api';
import { completeLogin } from '../complete-login';

const PROVIDER_LABEL = { google2: 'login.google', azure: 'login.microsoft' } as const;

const RULES = { username: FORM_RULES.login.username, password: FORM_RULES.login.password };

/** Email, password and the terms box (ticked by default); the button waits for a valid form and the tick. */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const localize = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRuleForm({
    defaults: { username: '', password: '', accepted: true },
    rules: RULES,
    onEdit: () => setFailure(null),
  });

  // the server's configuration is the one source of truth: a button shows only for a provider it accepts
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: fetchProviders, staleTime: Infinity });
  const social = providers.data?.data ?? [];
  const [leaving, setLeaving] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await login(values);
      await completeLogin(res.data, { queryClient, navigate, redirect: params.get('redirect') });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 422) return;
      const credentials = err.body?.code === 'invalid_credentials' || !err.body?.errors;
      setFailure(credentials ? t('login.invalidCredentials') : errorText(err.body));
    }
  });

  return (
    <>
      <PageHeading title={t('login.title')}>{t('login.subtitle')}</PageHeading>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={form.error('username')}
          {...form.register('username')}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          error={form.error('password')}
          {...form.register('password')}
        />
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input className="mt-0.5 size-5 shrink-0 accent-accent" {...form.checkbox('accepted')} />
          <span>{t('login.terms')}</span>
        </label>
        {failure && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" disabled={!form.isValid || !form.values.accepted || form.isSubmitting}>
          {form.isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      {social.length > 0 && (
        <div className="mt-4 flex flex-col gap-2">
          <p className="text-center text-sm text-slate-600">{t('login.or')}</p>
          {social.map((p) => (
            <Button
              key={p.name}
              type="button"
              variant="secondary"
              disabled={!form.values.accepted || leaving}
              onClick={async () => {
                setLeaving(true);
                try {
                  // the OpenID Connect client loads only when someone signs in with a provider
                  const { startProviderSignIn } = await import('../oidc');
                  await startProviderSignIn(p, params.get('redirect'));
                } catch (err) {
                  console.error('social sign-in could not start', err);
                  notify.error(t('social.unavailable'));
                  setLeaving(false);
                }
              }}
            >
              {t(PROVIDER_LABEL[p.name])}
            </Button>
          ))}
        </div>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={localize('/password/forgot')} className="font-semibold text-slate-800 underline underline-offset-4">
          {t('login.forgot')}
        </Link>
      </p>
    </>
  );
}
