import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { downloadTrail, removeDownload } from '../download';
import { formatBytes, useOfflineStore, useOnline } from '../use-offline';

/**
 * "Available offline" on a trail's page (docs/offline.md): a switch that downloads the trail (its pebbles, the files
 * they show, the reads a reload needs) or removes it and frees the space. Battles stay online-only.
 */
export function OfflineToggle({ trailId, battle }: { trailId: number; battle: boolean }) {
  const { t, i18n } = useTranslation('offline');
  const { trails } = useOfflineStore();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const kept = trails.find((x) => x.trailId === trailId);
  if (battle) return <p className="text-sm text-slate-700">{t('toggle.onlineOnly')}</p>;

  async function toggle() {
    setBusy(true);
    try {
      if (kept) await removeDownload(trailId);
      else await downloadTrail(trailId);
    } catch (err) {
      console.warn('offline download failed', err);
      notify.error(t('toggle.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={!!kept}
        disabled={busy || (!kept && !online)}
        onClick={() => void toggle()}
        className="inline-flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm font-semibold text-slate-900 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-6 w-11 rounded-full transition motion-reduce:transition-none ${kept ? 'bg-emerald-700' : 'bg-slate-400'}`}
        >
          <span
            className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition motion-reduce:transition-none ${kept ? 'start-5.5' : 'start-0.5'}`}
          />
        </span>
        {t('toggle.label')}
      </button>
      <span role="status" className="text-sm text-slate-700">
        {busy ? t('toggle.working') : kept ? t('toggle.size', { size: formatBytes(kept.bytes, i18n.language) }) : ''}
      </span>
    </div>
  );
}

/** The small mark on a downloaded trail's card: kept for offline, and the space it takes. */
export function OfflineMark({ trailId }: { trailId: number }) {
  const { t, i18n } = useTranslation('offline');
  const { trails } = useOfflineStore();
  const kept = trails.find((x) => x.trailId === trailId);
  if (!kept) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-black/30 px-2 py-0.5 text-xs font-semibold">
      {t('mark', { size: formatBytes(kept.bytes, i18n.language) })}
    </span>
  );
}
