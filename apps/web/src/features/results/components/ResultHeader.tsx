import type { TrailResult } from '@cairn/shared/api/results';
import { useTranslation } from 'react-i18next';

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        d="M12 4v11M7 10l5 5 5-5M5 20h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 disabled:opacity-50';

/** The PDF control: a link once the PDF exists (opens in a new tab), else a button that requests it. Not for battles. */
export function PdfControl({
  result,
  loading,
  onRequest,
}: {
  result: TrailResult;
  loading: boolean;
  onRequest: () => void;
}) {
  const { t } = useTranslation('results');
  if (result.trail.type === 'battle') return null;
  if (result.trail.pdf) {
    return (
      <a href={result.trail.pdf} target="_blank" rel="noopener" aria-label={t('pdf.download')} className={iconButton}>
        <DownloadIcon />
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={onRequest}
      disabled={loading}
      aria-busy={loading}
      aria-label={t('pdf.download')}
      className={iconButton}
    >
      {loading ? (
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-accent motion-reduce:animate-none"
        />
      ) : (
        <DownloadIcon />
      )}
    </button>
  );
}

/** Trail icon and name; the heading of the panel and of the /results page. */
export function ResultTitle({ result, level = 2 }: { result: TrailResult; level?: 1 | 2 }) {
  const { t } = useTranslation('results');
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      {result.trail.icon && (
        <img src={result.trail.icon.url} alt="" className="size-10 shrink-0 rounded-xl bg-slate-100 object-cover" />
      )}
      <div className="min-w-0">
        <Heading className={`truncate font-bold text-slate-900 ${level === 1 ? 'text-2xl' : 'text-base'}`}>
          {result.trail.name}
        </Heading>
        <p className="truncate text-xs text-slate-600">{t('panel.of', { name: result.user.name })}</p>
      </div>
    </div>
  );
}
