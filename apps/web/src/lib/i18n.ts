import { DEFAULT_LOCALE, isSupportedLocale, LOCALES, type LocaleCode } from '@cairn/shared/locales';
import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const NAMESPACES = [
  'common',
  'nav',
  'auth',
  'errors',
  'validation',
  'games',
  'me',
  'chat',
  'notifications',
  'welcome',
  'player',
  'results',
  'rbo',
  'battles',
  'preview',
  'media',
  'dashboards',
  'coach',
  'insight',
  'brand',
  'admin',
  'admin-trails',
  'offline',
  'lti',
  'xapi',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Json = { default: Record<string, unknown> };
// One chunk per language and namespace, fetched only when a screen needs it.
const loaders = import.meta.glob<Json>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    // A language still waiting for its translation resolves to nothing; fallbackLng fills in English.
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, false),
    );
  },
};

/** The language being started and i18next's start, while it runs (see loadNamespaces). */
let starting: { lng: LocaleCode; done: Promise<unknown> } | null = null;

/** Starts i18next; tests pass `resources` to skip the lazy loader. */
export async function initI18n(lng: LocaleCode, resources?: Resource): Promise<typeof i18n> {
  if (!resources) i18n.use(lazyBackend);
  const done = i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES.map((l) => l.code),
    // zh_CN etc. are whole codes here, not language-region pairs to be split
    load: 'currentOnly',
    ns: ['common', 'errors', 'nav'],
    defaultNS: 'common',
    resources,
    partialBundledLanguages: !!resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  starting = resources ? null : { lng, done };
  await done;
  starting = null;
  applyHtmlLang(lng);
  return i18n;
}

/** Loads namespaces ahead of a screen so it renders without a loading flash. */
export function loadNamespaces(ns: Namespace[]): Promise<void> {
  if (!starting) return i18n.loadNamespaces(ns);
  // the first route asks while i18next still starts: its chunks are fetched now, alongside the common ones (the
  // backend's import() of the same modules then finds them loaded), and handed to i18next once it has started
  const { lng, done } = starting;
  for (const n of ns) loaders[`../locales/${lng}/${n}.json`]?.().catch(() => {});
  return done.then(() => i18n.loadNamespaces(ns));
}

export function applyHtmlLang(code: string): void {
  const locale = LOCALES.find((l) => l.code === code);
  document.documentElement.lang = locale?.iso ?? 'en';
}

/** Switches the interface language and waits until the loaded namespaces exist in it. */
export async function setLanguage(code: string): Promise<void> {
  const lng = isSupportedLocale(code) ? code : DEFAULT_LOCALE;
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  applyHtmlLang(lng);
}

export { i18n };
