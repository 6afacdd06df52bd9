import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { completeLogin } from '../../auth';
import { ltiSession } from '../api';

/** True when this page may keep the session (a framed page whose browser blocks its storage may not). */
function storageWorks(): boolean {
  try {
    localStorage.setItem('cairn.lti.probe', '1');
    localStorage.removeItem('cairn.lti.probe');
    return true;
  } catch {
    return false;
  }
}

/**
 * /lti/start#code=…: where a launch lands (docs/lti.md). The one-time code (in the fragment, so no server log sees
 * it) becomes the launched user's session and the trail opens. When the browser blocks storage inside the LMS's
 * frame, the code is left unspent and the page offers the same address in a new window.
 */
export default function LtiStartScreen() {
  const { t } = useTranslation('lti');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'working' | 'failed' | 'blocked'>('working');
  const started = useRef(false);
  const [href] = useState(() => window.location.href);

  useEffect(() => {
    // StrictMode mounts twice; a code is spent once
    if (started.current) return;
    started.current = true;
    const code = window.location.hash.startsWith('#code=') ? window.location.hash.slice(6) : '';
    if (!code || code.length > 100) {
      setState('failed');
      return;
    }
    if (!storageWorks()) {
      setState('blocked');
      return;
    }
    window.history.replaceState(null, '', window.location.pathname);
    ltiSession(code)
      .then((res) => completeLogin(res.data, { queryClient, navigate, target: res.data.target }))
      .catch(() => setState('failed'));
  }, [navigate, queryClient]);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{state === 'blocked' ? t('start.blockedTitle') : t('start.title')}</h1>
      {state === 'working' && <Spinner label={t('start.loading')} />}
      {state === 'failed' && (
        <p role="alert" className="text-slate-700">
          {t('start.failed')}
        </p>
      )}
      {state === 'blocked' && (
        <>
          <p role="alert" className="text-slate-700">
            {t('start.blocked')}
          </p>
          <a href={href} target="_blank" rel="noopener" className={buttonClass('primary')}>
            {t('start.openWindow')}
          </a>
        </>
      )}
    </section>
  );
}
