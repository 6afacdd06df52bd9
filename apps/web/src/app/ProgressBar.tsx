import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

type Phase = 'idle' | 'running' | 'done';

/** A thin bar for route changes: appears only after 200 ms, creeps over 5 s, completes when the route is ready. */
export function ProgressBar() {
  const { t } = useTranslation('common');
  const busy = useNavigation().state !== 'idle';
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
