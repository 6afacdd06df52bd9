import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorScreen } from '../features/errors/components/ErrorScreen';
import { splitLocale } from '../lib/locale';
import { useSession } from '../lib/session';
import { useLocalePath } from '../lib/use-locale';

export interface CheckContext {
  authenticated: boolean;
  /** a login or logout is still on its way to its landing page */
  arriving: boolean;
  trailId: number | null;
  /** path without the locale prefix */
  path: string;
  /** full current URL path with prefix and query, used as the login redirect */
  here: string;
}

/** Where to send the user instead (an unprefixed path), or null to let them in. */
export type RouteCheck = (ctx: CheckContext) => string | null;

const LOGIN_PATHS = ['/login', '/auth/login'];
// what a public user may open: their own trail and what playing it leads to
const PUBLIC_ALLOWED = [/^\/games\/(battle|contender)(\/|$)/, /^\/player(-battle)?(\/|$)/, /^\/results(\/|$)/];

/** The named route checks of §2; an unknown name renders a 500 error screen. */
export const ROUTE_CHECKS: Record<string, RouteCheck> = {
  // login guard: unauthenticated → login with the current path in `redirect`, unless already there
  authenticated: ({ authenticated, arriving, path, here }) => {
    if (authenticated || arriving || LOGIN_PATHS.includes(path)) return null;
    return `/login?redirect=${encodeURIComponent(here)}`;
  },
  // the invitation e-mail's link (/welcome/new?invitation=…) opens the page that sets the password (docs/admin.md)
  invitation: ({ path, here }) => {
    if (path !== '/welcome/new') return null;
    const token = new URLSearchParams(here.slice(here.indexOf('?') + 1)).get('invitation');
    return here.includes('?') && token ? `/invitation?token=${encodeURIComponent(token)}` : null;
  },
  // guest guard: signed-in users are kept out of login and password screens
  guest: ({ authenticated, arriving }) => (authenticated && !arriving ? '/games' : null),
  // landing guard: a public user with a trail always lands on that trail's game page
  public: ({ authenticated, trailId, path }) => {
    if (!authenticated || trailId === null) return null;
    if (path === `/games/${trailId}` || PUBLIC_ALLOWED.some((re) => re.test(path))) return null;
    return `/games/${trailId}`;
  },
};

/** Runs the named checks in order; the first that answers with a path redirects there. */
export function RouteChecks({ names }: { names: string[] }) {
  const { authenticated, arrivingAt, trailId } = useSession();
  const location = useLocation();
  const localize = useLocalePath();
  const path = splitLocale(location.pathname).path;
  const ctx: CheckContext = {
    authenticated,
    arriving: arrivingAt !== null && arrivingAt !== path,
    trailId,
    path,
    here: location.pathname + location.search,
  };
  for (const name of names) {
    const check = ROUTE_CHECKS[name];
    if (!check) return <ErrorScreen status={500} />;
    const target = check(ctx);
    if (target) return <Navigate to={localize(target)} replace />;
  }
  return <Outlet />;
}
