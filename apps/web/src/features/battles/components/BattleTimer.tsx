import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The time left on a timed battle question, counted down from what the server said (`remainingMs` when the battle
 * was read at `readAt`, this browser's clock used only to count from there). The server decides what is late;
 * this only shows it. Screen readers hear it twice, politely: at 10 seconds left and when time is up.
 */
export function BattleTimer({
  remainingMs,
  readAt,
  limitSeconds,
}: {
  remainingMs: number;
  readAt: number;
  limitSeconds: number;
}) {
  const { t } = useTranslation('battles');
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, remainingMs - (now - readAt));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  const seconds = Math.ceil(left / 1000);
  const share = limitSeconds > 0 ? Math.min(100, (left / (limitSeconds * 1000)) * 100) : 0;
  const urgent = seconds <= 10;
  return (
    <div className="flex items-center gap-3 px-4 pt-3">
      <div
        role="timer"
        aria-label={t('play.timeLeft')}
        className={`shrink-0 text-sm font-bold tabular-nums ${urgent ? 'text-red-700' : 'text-slate-700'}`}
      >
        {left > 0 ? t('play.seconds', { count: seconds }) : t('play.timeUp')}
      </div>
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-full ${urgent ? 'bg-red-700' : 'bg-slate-700'}`} style={{ width: `${share}%` }} />
      </div>
      <p className="sr-only" aria-live="polite">
        {left <= 0 ? t('play.timeUpHint') : seconds <= 10 ? t('play.tenLeft') : ''}
      </p>
    </div>
  );
}
