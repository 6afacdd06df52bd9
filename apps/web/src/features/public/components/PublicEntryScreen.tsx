import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { completeLogin, publicLogin } from '../../auth';

/** /public/{id}: signs in as the link's public user and opens that trail's game page. */
export default function PublicEntryScreen() {
  const { t } = useTranslation('auth');
  const { id } = useParams();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(!id);
  const started = useRef(false);

  useEffect(() => {
    // StrictMode mounts twice; one link must create one public session
    if (!id || started.current) return;
    started.current = true;
    publicLogin(id)
      .then((res) =>
        completeLogin(res.data, {
          queryClient,
          navigate,
          target: res.data.trail_id !== null ? `/games/${res.data.trail_id}` : '/games',
        }),
      )
      .catch(() => setFailed(true));
  }, [id, navigate, queryClient]);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('public.title')}</h1>
      {failed ? (
        <>
          <p role="alert" className="text-slate-700">
            {t('public.invalid')}
          </p>
          <Link to={localize('/login')} className={buttonClass('primary')}>
            {t('public.toLogin')}
          </Link>
        </>
      ) : (
        <Spinner label={t('public.loading')} />
      )}
    </section>
  );
}
