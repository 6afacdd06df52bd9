import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { requestsInFlight } from '../lib/activity';
import { useStore } from '../lib/store';

type Phase = 'idle' | 'running' | 'done';

/**
 * A thin bar for route changes and HTTP requests (§7: a loading bar tracks requests): appears only when the
 * work has lasted 200 ms, creeps over 5 s, completes when the route is ready and no request is in flight.
 */
export function ProgressBar() {
  const { t } = useTranslation('common');
  const navigating = useNavigation().state !== 'idle';
  const requesting = useStore(requestsInFlight, (n) => n > 0);
  const busy = navigating || requesting;
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setPhase('running'), TIMINGS.loadingBarThrottleMs);
      return () => clearTimeout(show);
    }
    setPhase((p) => (p === 'running' ? 'done' : 'idle'));
    const hide = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(hide);
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('status.pageLoading')}
      aria-busy={phase === 'running'}
      className="fixed inset-x-0 top-0 z-[60] h-1"
    >
      <div
        className="h-full bg-accent"
        style={
          phase === 'running'
            ? { animation: `route-progress ${TIMINGS.loadingBarDurationMs}ms ease-out forwards` }
            : { width: '100%', transition: 'width 200ms ease-out' }
        }
      />
    </div>
  );
}
