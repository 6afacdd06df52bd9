import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/Button';

/** The 404 illustration page. */
export default function NotFoundScreen() {
  const { t } = useTranslation('errors');
  const localize = useLocalePath();
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 py-12 text-center">
      <svg viewBox="0 0 240 160" className="w-64 max-w-full" role="img" aria-label={t('notFound.illustration')}>
        <ellipse cx="120" cy="146" rx="96" ry="8" fill="#e2e8f0" />
        <ellipse cx="120" cy="128" rx="58" ry="16" fill="rgb(var(--accent))" />
        <ellipse cx="120" cy="98" rx="44" ry="14" fill="rgb(var(--accent))" opacity="0.85" />
        <ellipse cx="120" cy="72" rx="32" ry="11" fill="none" stroke="#94a3b8" strokeWidth="3" strokeDasharray="7 6" />
        <ellipse
          cx="176"
          cy="40"
          rx="20"
          ry="8"
          fill="rgb(var(--accent))"
          opacity="0.6"
          transform="rotate(-18 176 40)"
        />
        <text x="120" y="78" textAnchor="middle" fontSize="16" fontWeight="700" fill="#64748b">
          404
        </text>
      </svg>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-600">{t('notFound.body')}</p>
      <Link to={localize('/games')} className={buttonClass('primary')}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
