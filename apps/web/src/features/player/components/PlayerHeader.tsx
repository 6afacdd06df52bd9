import type { Pebble } from '@cairn/shared/api/trails';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicExit } from '../../account';
import type { PlayerPanelTab } from './PlayerPanel';

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

interface Props {
  pebble: Pebble;
  isPublic: boolean;
  canReset: boolean;
  onPanel: (tab: PlayerPanelTab) => void;
  onTryAgain: () => void;
  /** opens the trail result panel (features/results) */
  onResults?: () => void;
  backTo: string;
}

/** The player's top bar; public users get only the trail name, progress and the Exit warning (§2). */
export function PlayerHeader({ pebble, isPublic, canReset, onPanel, onTryAgain, onResults, backTo }: Props) {
  const { t } = useTranslation(['player', 'results']);
  const { percent } = pebble.progress;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-1 px-2 py-1 sm:gap-2 sm:px-4">
        {!isPublic && (
          <>
            <button type="button" className={iconButton} aria-label={t('header.info')} onClick={() => onPanel('info')}>
              <Icon>
                <circle cx="12" cy="12" r="9" />
                <path d="M12 11v6M12 7.5v.5" />
              </Icon>
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={t('header.navigator')}
              onClick={() => onPanel('navigator')}
            >
              <Icon>
                <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
              </Icon>
            </button>
          </>
        )}
        <div className="min-w-0 flex-1 px-2">
          <p className="truncate text-sm font-bold text-slate-900">{pebble.trail.name}</p>
          <p className="truncate text-xs text-slate-600">{pebble.name}</p>
          <div
            role="progressbar"
            aria-label={t('header.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-pebble-0" style={{ width: `${percent}%` }} />
          </div>
        </div>
        {isPublic ? (
          <PublicExit />
        ) : (
          <>
            {onResults && (
              <button type="button" className={iconButton} aria-label={t('results:panel.open')} onClick={onResults}>
                <Icon>
                  <path d="M5 20V10M12 20V4M19 20v-7" />
                </Icon>
              </button>
            )}
            {canReset && (
              <button type="button" className={iconButton} aria-label={t('header.tryAgain')} onClick={onTryAgain}>
                <Icon>
                  <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" />
                </Icon>
              </button>
            )}
            <Link to={backTo} className={iconButton} aria-label={t('header.leave')}>
              <Icon>
                <path d="M6 6l12 12M18 6L6 18" />
              </Icon>
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
