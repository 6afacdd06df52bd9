import type { PrivacySettings } from '@cairn/shared/api/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { adminKey } from '../api';

const privacyKey = [...adminKey, 'privacy'] as const;

/**
 * Privacy (docs/admin.md): whether this customer's coaches see who answered its anonymous surveys. Off by default;
 * saved as soon as the box changes, with a toast. A failed save leaves the box as the server has it.
 */
export function PrivacyPanel() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const privacy = useQuery({
    queryKey: privacyKey,
    queryFn: async () => (await http.get<{ data: PrivacySettings }>('/api/admin/privacy')).data,
  });
  const [busy, setBusy] = useState(false);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      const body: PrivacySettings = { coaches_see_anonymous: on };
      const saved = (await http.put<{ data: PrivacySettings }>('/api/admin/privacy', body)).data;
      qc.setQueryData(privacyKey, saved);
      notify.success(saved.coaches_see_anonymous ? t('privacy.on') : t('privacy.off'));
    } catch {
      // the http layer has said what went wrong; the box keeps the saved value
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="admin-privacy" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id="admin-privacy" className="text-lg font-semibold text-slate-900">
        {t('privacy.title')}
      </h3>
      <label className="mt-3 flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-accent"
          aria-describedby="admin-privacy-hint"
          checked={privacy.data?.coaches_see_anonymous ?? false}
          disabled={privacy.isPending || busy}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>{t('privacy.coachesSeeAnonymous')}</span>
      </label>
      <p id="admin-privacy-hint" className="mt-1 max-w-prose pl-8 text-sm text-slate-600">
        {t('privacy.hint')}
      </p>
    </section>
  );
}
