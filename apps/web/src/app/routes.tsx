import { DEFAULT_LOCALE, type LocaleCode, PREFIXED_LOCALES } from '@cairn/shared/locales';
import { type ComponentType, lazy as reactLazy } from 'react';
import { type createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import NotFoundScreen from '../features/errors/components/NotFoundScreen';
import { RouteErrorScreen } from '../features/errors/components/RouteErrorScreen';
import { importWithReload } from '../lib/chunk-reload';
import { loadNamespaces, type Namespace } from '../lib/i18n';
import { localizePath, readLanguageCookie, splitLocale } from '../lib/locale';
import type { DataPrefetch } from '../lib/prefetch';
import { LocaleRoot } from './LocaleRoot';
import { RouteChecks } from './route-checks';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A lazily loaded screen whose translations arrive together with its code. */
function lazy<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, ns: Namespace[] = []): Lazy {
  return async () => {
    const [m] = await Promise.all([importWithReload(load), loadNamespaces(ns)]);
    return { Component: pick(m) };
  };
}
const main = (m: { default: ComponentType }) => m.default;

/**
 * A layout behind a guard, loaded only once the guard lets the user in: as a route `lazy` the router
 * would fetch it even for visitors about to be redirected to login.
 */
function guardedLayout(load: () => Promise<{ default: ComponentType }>, ns: Namespace[]) {
  const Layout = reactLazy(async () => (await Promise.all([importWithReload(load), loadNamespaces(ns)]))[0]);
  return <Layout />;
}

const authLayout = lazy(() => import('./layouts/AuthLayout'), main, ['auth', 'validation']);
const publicLayout = lazy(() => import('./layouts/PublicLayout'), main);
const previewLayout = lazy(() => import('./layouts/PreviewLayout'), main, ['nav']);

const login = lazy(() => import('../features/auth/components/LoginScreen'), main, ['auth', 'validation']);
const forgot = lazy(() => import('../features/auth/components/ForgotScreen'), main, ['auth', 'validation']);
const reset = lazy(() => import('../features/auth/components/ResetScreen'), main, ['auth', 'validation']);
const linkSent = lazy(() => import('../features/auth/components/LinkSentScreen'), main, ['auth']);
const changed = lazy(() => import('../features/auth/components/ChangedScreen'), main, ['auth']);
const providerCallback = lazy(() => import('../features/auth/components/ProviderCallbackScreen'), main, ['auth']);

const games = () => import('../features/games/components/GamesScreen');
const gamesApi = () => import('../features/trails/api');

// first data of the routes a hovered or focused link leads to (lib/prefetch.ts)
const prefetchTrails: DataPrefetch = async (_params, qc) => {
  const q = (await gamesApi()).trailsQuery();
  await qc.prefetchQuery(q);
  return q;
};
const prefetchTrail: DataPrefetch = async (params, qc) => {
  const q = (await gamesApi()).trailQuery(Number(params.id));
  if (Number.isFinite(Number(params.id))) await qc.prefetchQuery(q);
  return q;
};
const player = () => import('../features/player/components/screens');
const results = () => import('../features/results/components/screens');
const rbo = () => import('../features/rbo/components/screens');
const preview = () => import('../features/preview/components/screens');
const adminPeople = () => import('../features/admin/components/PeopleScreen');
const adminAudit = () => import('../features/admin/components/AuditScreen');
const adminCustomers = () => import('../features/admin/components/CustomersScreen');
const adminTeams = () => import('../features/admin-trails/components/TeamsScreen');
const adminTrails = () => import('../features/admin-trails/components/TrailsScreen');
const xapiSettings = () => import('../features/xapi/components/XapiScreen');
const ltiPlatforms = () => import('../features/lti/components/LtiPlatformsScreen');

/** Both spellings of the four password screens of §2. */
const passwordRoutes: RouteObject[] = [
  ['password/forgot', 'auth/password/passwordForgot', forgot],
  ['password/reset', 'auth/password/passwordReset', reset],
  ['password/linksent', 'auth/password/passwordLinksent', linkSent],
  ['password/changed', 'auth/password/passwordChanged', changed],
].flatMap(([a, b, screen]) => [
  { path: a as string, lazy: screen as Lazy },
  { path: b as string, lazy: screen as Lazy },
]);

function RootRedirect({ locale }: { locale: LocaleCode }) {
  // an unprefixed visit to '/' honours the language the user chose before (the cookie's one redirect)
  const remembered = locale === DEFAULT_LOCALE ? readLanguageCookie() : null;
  return <Navigate to={localizePath('/games', remembered ?? locale)} replace />;
}

/** The whole route tree of §2 for one locale; it is mounted once per prefix. */
function localeTree(locale: LocaleCode): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <RootRedirect locale={locale} /> },
        {
          element: <RouteChecks names={['guest']} />,
          children: [
            {
              lazy: authLayout,
              children: [
                { path: 'login', lazy: login },
                { path: 'auth/login', lazy: login },
                // the redirect URI of the social sign-ins (OIDC authorization code + PKCE)
                { path: 'auth/callback/:provider', lazy: providerCallback },
                ...passwordRoutes,
              ],
            },
          ],
        },
        {
          // an invitation's page (docs/admin.md): whoever holds the link, signed in or not, sets the password here
          lazy: authLayout,
          children: [
            {
              path: 'invitation',
              lazy: lazy(() => import('../features/admin/components/AcceptInvitationScreen'), main, ['admin']),
            },
          ],
        },
        {
          element: <RouteChecks names={['invitation', 'authenticated', 'public']} />,
          children: [
            {
              element: guardedLayout(() => import('./layouts/DefaultLayout'), ['nav', 'me', 'notifications', 'chat']),
              children: [
                { path: 'games', lazy: lazy(games, main, ['games']), handle: { prefetch: prefetchTrails } },
                // an instructor's LTI launch lands here (docs/lti.md)
                {
                  path: 'lti/course/:id',
                  lazy: lazy(() => import('../features/lti/components/LtiCourseScreen'), main, ['lti']),
                },
                {
                  path: 'games/:id',
                  lazy: lazy(() => import('../features/games/components/GameDetailScreen'), main, [
                    'games',
                    'results',
                    'battles',
                  ]),
                  handle: { prefetch: prefetchTrail },
                },
                {
                  path: 'games/contender/:id?',
                  lazy: lazy(() => import('../features/battles/components/ContenderScreen'), main, ['battles']),
                },
                { path: 'chat', lazy: lazy(() => import('../features/chat/components/ChatRoute'), main) },
                {
                  path: 'me',
                  lazy: lazy(() => import('../features/me/components/MeScreen'), main, [
                    'me',
                    'results',
                    'battles',
                    'dashboards',
                  ]),
                },
                {
                  path: 'me/edit',
                  lazy: lazy(() => import('../features/me/components/ProfileEditScreen'), main, [
                    'me',
                    'validation',
                    'media',
                  ]),
                },
                {
                  path: 'coach',
                  lazy: lazy(() => import('../features/coach/components/CoachScreen'), main, [
                    'coach',
                    'results',
                    'me',
                  ]),
                },
                {
                  path: 'coach/insight/:trailId',
                  lazy: lazy(() => import('../features/insight/components/InsightScreen'), main, ['insight']),
                },
                { path: 'summary', lazy: lazy(results, (m) => m.SummaryScreen, ['results']) },
                {
                  path: 'welcome',
                  lazy: lazy(() => import('../features/welcome/components/WelcomeScreen'), main, ['welcome']),
                },
                {
                  path: 'welcome/new',
                  lazy: lazy(() => import('../features/welcome/components/WelcomeNewScreen'), main, [
                    'welcome',
                    'me',
                    'validation',
                    'media',
                  ]),
                },
                { path: 'rbo/results', lazy: lazy(rbo, (m) => m.RboResultsScreen, ['rbo']) },
                { path: 'rbo/pebble/:id?', lazy: lazy(rbo, (m) => m.RboPebbleScreen, ['rbo']) },
                { path: 'rbo/:pebble_id?/:player_id?', lazy: lazy(rbo, (m) => m.RboAnswerScreen, ['rbo']) },
                { path: 'results/:id?', lazy: lazy(results, (m) => m.ResultsScreen, ['results', 'player']) },
                {
                  path: 'brand',
                  lazy: lazy(() => import('../features/branding/components/BrandScreen'), main, ['brand']),
                },
                {
                  // the admin side (docs/admin.md): its layout holds the tab nav; each tab is its own screen
                  path: 'admin',
                  element: guardedLayout(() => import('./layouts/AdminLayout'), ['admin', 'lti', 'xapi']),
                  children: [
                    { index: true, element: <Navigate to={localizePath('/admin/people', locale)} replace /> },
                    { path: 'people', lazy: lazy(adminPeople, main, ['admin', 'validation']) },
                    { path: 'teams', lazy: lazy(adminTeams, main, ['admin', 'admin-trails']) },
                    { path: 'trails', lazy: lazy(adminTrails, main, ['admin', 'admin-trails']) },
                    { path: 'audit', lazy: lazy(adminAudit, main, ['admin']) },
                    { path: 'customers', lazy: lazy(adminCustomers, main, ['admin', 'validation']) },
                    { path: 'lti', lazy: lazy(ltiPlatforms, main, ['admin', 'lti']) },
                    { path: 'xapi', lazy: lazy(xapiSettings, main, ['admin', 'xapi']) },
                  ],
                },
              ],
            },
            {
              element: guardedLayout(() => import('./layouts/PlayerLayout'), ['me']),
              children: [
                {
                  path: 'player/:id?',
                  lazy: lazy(
                    () => import('../features/player/components/PlayerScreen'),
                    (m) => m.PlayerScreen,
                    ['player', 'games', 'validation', 'nav', 'results'],
                  ),
                },
                // a battle plays full screen, like a trail (§2: popups only)
                {
                  path: 'games/battle/:id?',
                  lazy: lazy(() => import('../features/battles/components/BattleScreen'), main, [
                    'battles',
                    'player',
                    'validation',
                  ]),
                },
                {
                  path: 'player-battle/:id?',
                  lazy: lazy(
                    () => import('../features/battles/components/PlayerBattleScreen'),
                    (m) => m.PlayerBattleScreen,
                    ['battles'],
                  ),
                },
              ],
            },
          ],
        },
        {
          lazy: publicLayout,
          children: [
            {
              path: 'public/:id?',
              lazy: lazy(() => import('../features/public/components/PublicEntryScreen'), main, ['auth']),
            },
            { path: 'thank-you', lazy: lazy(player, (m) => m.ThankYouScreen, ['player']) },
            // where an LTI launch lands (docs/lti.md): the one-time code becomes a session
            { path: 'lti/start', lazy: lazy(() => import('../features/lti/components/LtiStartScreen'), main, ['lti']) },
          ],
        },
        {
          lazy: previewLayout,
          children: [
            { path: 'preview/games', lazy: lazy(preview, (m) => m.PreviewGames, ['preview', 'games']) },
            { path: 'preview/games/:id', lazy: lazy(preview, (m) => m.PreviewGameDetail, ['preview', 'games']) },
            { path: 'preview/me', lazy: lazy(preview, (m) => m.PreviewMe, ['preview', 'me']) },
            { path: 'preview/login', lazy: lazy(preview, (m) => m.PreviewLogin, ['preview', 'auth']) },
            { path: 'preview-login/:id?', lazy: lazy(preview, (m) => m.PreviewLogin, ['preview', 'auth']) },
            {
              path: 'preview/password-forgot',
              lazy: lazy(preview, (m) => m.PreviewPasswordForgot, ['preview', 'auth']),
            },
            {
              path: 'preview/password-reset',
              lazy: lazy(preview, (m) => m.PreviewPasswordReset, ['preview', 'auth']),
            },
          ],
        },
        { path: '*', Component: NotFoundScreen },
      ],
    },
  ];
}

/** Shown while the first route's code loads; the page is blank for that moment rather than flashing a spinner. */
function Blank() {
  return <div className="min-h-dvh" />;
}

/** The route of one locale: English at '/', every other locale under its own prefix, all sharing one tree. */
function localeRoute(code: LocaleCode): RouteObject {
  return {
    path: code === DEFAULT_LOCALE ? '/' : `/${code}`,
    element: <LocaleRoot locale={code} />,
    HydrateFallback: Blank,
    children: localeTree(code),
  };
}

/** Every locale's tree at once (what the first load used to build; tests match against it). */
export function buildRoutes(): RouteObject[] {
  return [DEFAULT_LOCALE, ...PREFIXED_LOCALES].map(localeRoute);
}

type PatchRoutes = NonNullable<NonNullable<Parameters<typeof createBrowserRouter>[1]>['patchRoutesOnNavigation']>;

/**
 * The router starts with the tree of the language being opened only (one of 15: the router compiles every path
 * it holds before the first render); another language's tree joins the first time a navigation leads into it
 * (React Router's patchRoutesOnNavigation, asked whenever a path matches nothing or only through a parameter).
 */
export function buildFirstRoutes(pathname: string): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutes } {
  const first = splitLocale(pathname).locale;
  const present = new Set<LocaleCode>([first]);
  return {
    routes: [localeRoute(first)],
    patchRoutesOnNavigation: ({ path, patch }) => {
      const { locale } = splitLocale(path);
      if (present.has(locale)) return;
      present.add(locale);
      patch(null, [localeRoute(locale)]);
    },
  };
}
