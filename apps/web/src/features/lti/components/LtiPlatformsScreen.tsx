import type { LtiPlatformInput, LtiToolUrls } from '@cairn/shared/api/lti';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { ltiPlatformsKey, registerPlatform, useLtiPlatforms } from '../api';

const FIELDS = ['issuer', 'client_id', 'deployment_ids', 'auth_url', 'token_url', 'jwks_url', 'frame_origin'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  issuer: '',
  client_id: '',
  deployment_ids: '',
  auth_url: '',
  token_url: '',
  jwks_url: '',
  frame_origin: '',
};

/** /admin/lti: the tool's URLs to enter in the LMS, the registered platforms, and the registration form. */
export default function LtiPlatformsScreen() {
  const { t } = useTranslation(['lti', 'common']);
  const { data, isPending } = useLtiPlatforms();
  return (
    <section className="flex flex-col gap-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t('admin.title')}</h2>
        <p className="mt-1 text-slate-600">{t('admin.intro')}</p>
      </div>
      {isPending || !data ? (
        <Spinner label={t('common:status.loading')} />
      ) : (
        <>
          <ToolUrls tool={data.tool} />
          <section aria-labelledby="lti-registered" className="flex flex-col gap-3">
            <h3 id="lti-registered" className="text-lg font-semibold text-slate-900">
              {t('admin.registered')}
            </h3>
            {data.platforms.length === 0 ? (
              <EmptyState>{t('admin.empty')}</EmptyState>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.platforms.map((p) => (
                  <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4 break-all">
                    <p className="font-semibold text-slate-900">{p.issuer}</p>
                    <p className="text-sm text-slate-700">
                      {t('admin.clientId')}: {p.client_id} · {t('admin.deployments')}: {p.deployment_ids.join(', ')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <RegisterForm />
        </>
      )}
    </section>
  );
}

function ToolUrls({ tool }: { tool: LtiToolUrls }) {
  const { t } = useTranslation('lti');
  const rows: [string, string][] = [
    [t('admin.loginUrl'), tool.login_url],
    [t('admin.launchUrl'), tool.launch_url],
    [t('admin.deepLinkUrl'), tool.deep_link_url],
    [t('admin.jwksUrl'), tool.jwks_url],
  ];
  return (
    <section aria-labelledby="lti-tool" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id="lti-tool" className="text-lg font-semibold text-slate-900">
        {t('admin.toolTitle')}
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, url]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-mono text-sm break-all text-slate-900">
              <span>{url}</span>
              <Button
                variant="ghost"
                aria-label={`${t('admin.copy')}: ${label}`}
                onClick={() =>
                  void navigator.clipboard?.writeText(url).then(
                    () => notify.success(t('admin.copied')),
                    () => undefined,
                  )
                }
              >
                {t('admin.copy')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RegisterForm() {
  const { t } = useTranslation('lti');
  const qc = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const labels: Record<Field, string> = {
    issuer: t('admin.issuer'),
    client_id: t('admin.clientId'),
    deployment_ids: t('admin.deploymentIds'),
    auth_url: t('admin.authUrl'),
    token_url: t('admin.tokenUrl'),
    jwks_url: t('admin.platformJwksUrl'),
    frame_origin: t('admin.frameOrigin'),
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body: LtiPlatformInput = {
      issuer: values.issuer.trim(),
      client_id: values.client_id.trim(),
      deployment_ids: values.deployment_ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      auth_url: values.auth_url.trim(),
      token_url: values.token_url.trim(),
      jwks_url: values.jwks_url.trim(),
      frame_origin: values.frame_origin.trim() || null,
    };
    try {
      await registerPlatform(body);
      setValues(EMPTY);
      notify.success(t('admin.saved'));
      await qc.invalidateQueries({ queryKey: ltiPlatformsKey });
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) setErrors({ issuer: t('admin.exists') });
      else if (err instanceof HttpError && err.status === 422) {
        const next: Partial<Record<Field, string>> = {};
        for (const key of Object.keys(err.body?.errors ?? {})) {
          const field = key.split('.')[0] as Field;
          if (FIELDS.includes(field)) next[field] = t('admin.invalid');
        }
        setErrors(next);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="lti-new" className="flex flex-col gap-4" noValidate>
      <h3 id="lti-new" className="text-lg font-semibold text-slate-900">
        {t('admin.new')}
      </h3>
      {FIELDS.map((f) => (
        <TextField
          key={f}
          label={labels[f]}
          value={values[f]}
          maxLength={f === 'client_id' ? 255 : 500}
          required={f !== 'frame_origin'}
          inputMode={f === 'client_id' || f === 'deployment_ids' ? 'text' : 'url'}
          error={errors[f]}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
        />
      ))}
      <div>
        <Button type="submit" disabled={busy}>
          {t('admin.submit')}
        </Button>
      </div>
    </form>
  );
}
