import type { LoginResponse } from '@cairn/shared/api/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HttpError, http } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { Spinner } from '../../../ui/Spinner';
import { fetchProviders } from '../api';
import { completeLogin } from '../complete-login';
import { finishProviderSignIn } from '../oidc';

const CODES = {
  unknown_account: 'social.unknownAccount',
  provider_disabled: 'social.disabled',
  provider_unavailable: 'social.unavailable',
} as const;

/** /auth/callback/{provider}: finishes the provider's sign-in, then signs in here with its ID token. */
export default function ProviderCallbackScreen() {
  const { t } = useTranslation('auth');
  const { provider = '' } = useParams();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // the code and state are single-use: a second run (StrictMode, a re-render) must not spend them again
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const { data } = await fetchProviders();
        const p = data.find((x) => x.name === provider);
        if (!p)
          throw new HttpError(404, '/api/auth/providers', { message: 'provider_disabled', code: 'provider_disabled' });
        const { idToken, redirect } = await finishProviderSignIn(p, new URL(window.location.href));
        const res = await http.post<LoginResponse>(
          `/api/auth/${encodeURIComponent(p.name)}`,
          { access_token: idToken },
          { anonymous: true, handle: [401, 404, 422, 503] },
        );
        await completeLogin(res.data, { queryClient, navigate, redirect });
      } catch (err) {
        console.error('social sign-in failed', err);
        const code = err instanceof HttpError ? err.body?.code : undefined;
        const key = code && code in CODES ? CODES[code as keyof typeof CODES] : 'social.failed';
        notify.error(t(key));
        await navigate(localize('/login'), { replace: true });
      }
    })();
  }, [provider, navigate, localize, queryClient, t]);

  return <Spinner label={t('social.signingIn')} />;
}
