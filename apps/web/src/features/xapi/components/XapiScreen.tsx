import type { XapiSettings, XapiSettingsUpdate } from '@cairn/shared/api/xapi';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { saveXapiSettings, useXapiSettings, xapiSettingsKey } from '../api';

type Field = 'endpoint' | 'username' | 'secret' | 'token_url';

/**
 * /admin/xapi: the customer's Learning Record Store. Off by default; the secret is write-only (left empty, the stored
 * one stays); the queue's counts say whether statements arrive.
 */
export default function XapiScreen() {
  const { t } = useTranslation(['xapi', 'common']);
  const { data, isPending } = useXapiSettings();
  return (
    <section className="flex flex-col gap-6" aria-labelledby="xapi-title">
      <div>
        <h2 id="xapi-title" className="text-xl font-semibold text-slate-900">
          {t('title')}
        </h2>
        <p className="mt-1 max-w-prose text-slate-600">{t('intro')}</p>
      </div>
      {isPending || !data ? <Spinner label={t('common:status.loading')} /> : <SettingsForm settings={data} />}
    </section>
  );
}

function Queue({ queue }: { queue: XapiSettings['queue'] }) {
  const { t, i18n } = useTranslation('xapi');
  const rows: [string, string][] = [
    [t('queue.pending'), String(queue.pending)],
    [t('queue.sent'), String(queue.sent)],
    [t('queue.failed'), String(queue.failed)],
    [t('queue.lastSent'), queue.last_sent_at ? new Date(queue.last_sent_at).toLocaleString(i18n.language) : '—'],
  ];
  return (
    <section aria-labelledby="xapi-queue" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id="xapi-queue" className="text-lg font-semibold text-slate-900">
        {t('queue.title')}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {queue.last_error && (
        <p className="mt-3 text-sm break-words text-red-800">
          {t('queue.lastError')}: {queue.last_error}
        </p>
      )}
    </section>
  );
}

function SettingsForm({ settings }: { settings: XapiSettings }) {
  const { t } = useTranslation(['xapi', 'common']);
  const qc = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [auth, setAuth] = useState<'basic' | 'oauth'>(settings.auth);
  const [actorEmail, setActorEmail] = useState(settings.actor_email);
  const [values, setValues] = useState<Record<Field, string>>({
    endpoint: settings.endpoint ?? '',
    username: settings.username,
    secret: '',
    token_url: settings.token_url ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body: XapiSettingsUpdate = {
      enabled,
      endpoint: values.endpoint.trim(),
      auth,
      username: values.username.trim(),
      ...(values.secret ? { secret: values.secret } : {}),
      token_url: auth === 'oauth' ? values.token_url.trim() || null : null,
      actor_email: actorEmail,
    };
    try {
      const saved = await saveXapiSettings(body);
      qc.setQueryData(xapiSettingsKey, saved);
      setValues((v) => ({ ...v, secret: '' }));
      notify.success(t('saved'));
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        const next: Partial<Record<Field, string>> = {};
        for (const key of Object.keys(err.body?.errors ?? {})) {
          const field = key.split('.')[0] as Field;
          if (field === 'secret') next.secret = t('errors.secret');
          else if (field === 'endpoint' || field === 'token_url') next[field] = t('errors.url');
          else if (field === 'username') next.username = t('errors.username');
        }
        setErrors(next);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Queue queue={settings.queue} />
      <form onSubmit={(e) => void submit(e)} className="flex max-w-2xl flex-col gap-4" noValidate>
        <label className="flex min-h-11 items-center gap-3 text-base font-medium text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-[var(--color-accent)]"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          {t('enabled')}
        </label>
        <TextField
          label={t('endpoint')}
          inputMode="url"
          maxLength={2000}
          required
          value={values.endpoint}
          error={errors.endpoint}
          placeholder="https://lrs.example.com/xapi/"
          onChange={set('endpoint')}
        />
        <SelectField
          label={t('auth')}
          placeholder={t('auth')}
          value={auth}
          options={[
            { value: 'basic', label: t('authBasic') },
            { value: 'oauth', label: t('authOauth') },
          ]}
          onChange={(e) => setAuth(e.target.value as 'basic' | 'oauth')}
        />
        {auth === 'oauth' && (
          <TextField
            label={t('tokenUrl')}
            inputMode="url"
            maxLength={2000}
            required
            value={values.token_url}
            error={errors.token_url}
            onChange={set('token_url')}
          />
        )}
        <TextField
          label={auth === 'oauth' ? t('clientId') : t('key')}
          maxLength={500}
          autoComplete="off"
          value={values.username}
          error={errors.username}
          onChange={set('username')}
        />
        <TextField
          label={auth === 'oauth' ? t('clientSecret') : t('secret')}
          type="password"
          maxLength={500}
          autoComplete="new-password"
          value={values.secret}
          error={errors.secret}
          placeholder={settings.has_secret ? t('secretKept') : undefined}
          onChange={set('secret')}
        />
        <label className="flex min-h-11 items-center gap-3 text-base text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-[var(--color-accent)]"
            checked={actorEmail}
            onChange={(e) => setActorEmail(e.target.checked)}
          />
          {t('actorEmail')}
        </label>
        <div>
          <Button type="submit" disabled={busy}>
            {t('save')}
          </Button>
        </div>
      </form>
    </>
  );
}
