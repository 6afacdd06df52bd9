import type { SsoSettings } from '@cairn/shared/api/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, http } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { adminKey } from '../api';

const ssoKey = [...adminKey, 'sso'] as const;

/**
 * SSO sign-up (docs/admin.md): the e-mail domains whose first Google or Microsoft sign-in creates a learner of this
 * customer. Empty: off (the default), and an address nobody uses is refused at sign-in.
 */
export function SsoPanel() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const sso = useQuery({
    queryKey: ssoKey,
    queryFn: async () => (await http.get<{ data: SsoSettings }>('/api/admin/sso')).data,
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (sso.data) setText(sso.data.domains.join(', '));
  }, [sso.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const domains = text
      .split(/[\s,;]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    try {
      // a refusal is said on the field: its toast would also cover the Save button on a phone
      const saved = (await http.put<{ data: SsoSettings }>('/api/admin/sso', { domains }, { handle: [422] })).data;
      qc.setQueryData(ssoKey, saved);
      notify.success(saved.domains.length ? t('sso.saved') : t('sso.off'));
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) setError(t('sso.invalid'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="admin-sso" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id="admin-sso" className="text-lg font-semibold text-slate-900">
        {t('sso.title')}
      </h3>
      <p className="mt-1 max-w-prose text-sm text-slate-600">{t('sso.intro')}</p>
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          className="flex-1"
          label={t('sso.domains')}
          placeholder="example.com, example.org"
          maxLength={2000}
          value={text}
          error={error}
          disabled={sso.isPending}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={busy || sso.isPending}>
          {t('sso.save')}
        </Button>
      </form>
    </section>
  );
}
