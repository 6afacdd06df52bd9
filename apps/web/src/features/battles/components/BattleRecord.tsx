import type { BattleStats } from '@cairn/shared/api/battles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The learner's battle record (GET /api/me/battles summary): battles, points, won, draw, lost. */
export function BattleRecord({ summary }: { summary: BattleStats }) {
  const { t } = useTranslation('battles');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="font-semibold">
        {t('record.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-5 gap-2 text-center">
        {(['battles', 'points', 'won', 'draw', 'lost'] as const).map((k) => (
          <div key={k}>
            <dt className="text-xs text-slate-600">{t(`record.${k}`)}</dt>
            <dd className="text-lg font-bold tabular-nums">{summary[k]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
