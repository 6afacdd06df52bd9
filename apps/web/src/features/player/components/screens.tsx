import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyCustomerColours, readCustomerPalette } from '../../../lib/branding';
import { session } from '../../../lib/session';
import { BrandLogo } from '../../../ui/Logo';
import { publicFarewell } from '../finish';

/**
 * Where a public user lands after finishing or leaving a trail: the customer's logo and colours (kept from the
 * session that has just ended, whose clean-up resets them) and, after finishing, the score.
 */
export function ThankYouScreen() {
  const { t } = useTranslation(['player', 'common']);
  const [farewell] = useState(() => publicFarewell() ?? { progress: null, palette: readCustomerPalette() });
  useEffect(() => {
    const { palette } = farewell;
    if (!palette) return;
    applyCustomerColours(palette);
    // the session ends once this page is reached and its clean-up restores the default colours: brand it again
    const off = session.onEnd(() => applyCustomerColours(palette));
    return () => {
      off();
      applyCustomerColours(null);
    };
  }, [farewell]);
  const progress = farewell.progress;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <BrandLogo alt={t('common:brand.logoAlt')} className="h-16 w-auto" />
      <h1 className="text-3xl font-bold">{t('thankYou.title')}</h1>
      {progress && progress.total > 0 && (
        <p className="rounded-full bg-accent px-5 py-2 text-xl font-bold text-on-accent">
          {t('thankYou.score', { score: progress.passed, total: progress.total })}
        </p>
      )}
      {progress && progress.xp > 0 && (
        <p className="font-semibold text-slate-800">{t('thankYou.xp', { xp: progress.xp })}</p>
      )}
      <p className="text-lg text-slate-600">{t('thankYou.body')}</p>
    </section>
  );
}
