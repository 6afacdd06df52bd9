import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { PageHeading } from '../../../ui/PageHeading';

/** Confirms the mail went out and counts down 5 seconds before returning to login. */
export default function LinkSentScreen() {
  const { t } = useTranslation('auth');
  const localize = useLocalePath();
  const navigate = useNavigate();
  const [left, setLeft] = useState<number>(TIMINGS.linkSentCountdownS);

  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) navigate(localize('/login'), { replace: true });
  }, [left, navigate, localize]);

  return (
    <div className="text-center">
      <PageHeading title={t('linkSent.title')}>{t('linkSent.body')}</PageHeading>
      <p className="text-slate-600">{t('linkSent.redirect')}</p>
      <div
        role="timer"
        aria-label={t('linkSent.secondsLeft')}
        data-testid="countdown"
        className="mx-auto mt-4 flex size-16 items-center justify-center rounded-full bg-accent text-2xl font-bold text-on-accent"
      >
        {left}
      </div>
      <Link to={localize('/login')} className="mt-6 inline-block text-sm font-semibold underline underline-offset-4">
        {t('linkSent.now')}
      </Link>
    </div>
  );
}
