import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import type { SentTrail } from '../trail-card';

const box = 'flex min-h-11 items-center gap-2 rounded-lg bg-white p-2 text-start ring-1 ring-slate-300';

function Face({ trail }: { trail: SentTrail }) {
  const { t } = useTranslation('chat');
  return (
    <>
      <svg
        viewBox="0 0 24 24"
        className="size-6 shrink-0 text-accent-ink"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 20V4M4 4h12l-2 4 2 4H4" strokeLinejoin="round" />
      </svg>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs text-slate-600">{t('trailCard.kind')}</span>
        <span className="truncate font-semibold text-slate-900">{trail.name}</span>
      </span>
    </>
  );
}

/**
 * The trail a message carries (sendTrail), as a card. In a message it links to the trail result
 * (`/results/{trail}?user={user}`), which answers whoever may see it (the learner, their coaches); in the composer
 * it is the card about to be sent, with a button that leaves it out.
 */
export function TrailCard({ trail, onRemove }: { trail: SentTrail; onRemove?: () => void }) {
  const { t } = useTranslation('chat');
  const localize = useLocalePath();
  if (!onRemove) {
    return (
      <Link
        to={localize(`/results/${trail.id}?user=${trail.userId}`)}
        data-testid="trail-card"
        aria-label={t('trailCard.open', { name: trail.name })}
        className={`${box} mt-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-accent`}
      >
        <Face trail={trail} />
      </Link>
    );
  }
  return (
    <div data-testid="trail-card-draft" className={box}>
      <Face trail={trail} />
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('trailCard.remove', { name: trail.name })}
        className="ms-auto flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
