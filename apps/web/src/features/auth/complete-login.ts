import type { LoginResponse } from '@cairn/shared/api/accounts';
import { resolveLocale } from '@cairn/shared/locales';
import type { QueryClient } from '@tanstack/react-query';
import { setLanguage } from '../../lib/i18n';
import { isSafeRedirect, localizePath, splitLocale } from '../../lib/locale';
import { fetchProfileWith, profileKey } from '../../lib/profile';
import { session } from '../../lib/session';
import { ui } from '../../lib/ui-store';

interface Options {
  queryClient: QueryClient;
  navigate: (to: string, opts?: { replace?: boolean }) => void | Promise<void>;
  /** the `redirect` query value, honoured only for same-site paths */
  redirect?: string | null;
  /** where to land instead of the usual choice (public entry) */
  target?: string;
}

/** §4 login: store tokens, load the profile, apply its language, open the pause notice, and move on. */
export async function completeLogin(data: LoginResponse['data'], opts: Options): Promise<void> {
  const user = await fetchProfileWith(data.access_token).catch(() => null);
  const locale = resolveLocale(user?.language ?? splitLocale(window.location.pathname).locale);
  await setLanguage(locale);

  let path = '/games';
  if (opts.target) path = opts.target;
  else if (data.logins === 0) path = '/welcome';
  else if (isSafeRedirect(opts.redirect ?? null)) path = splitLocale(opts.redirect as string).path;
  const [pathname, query] = path.split('?');

  if (user) opts.queryClient.setQueryData(profileKey, user);
  session.save(data, data.trail_id, pathname);
  if (user?.is_paused === 1) ui.showPausedNotice(true);
  await opts.navigate(localizePath(pathname, locale) + (query ? `?${query}` : ''), { replace: true });
}
