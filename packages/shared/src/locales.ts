/** The 15 interface languages of the product (§1, §9). English is the default and has no URL prefix. */
export const LOCALES = [
  { code: 'en', iso: 'en-US', name: 'English', locale_name: 'English', moment_code: 'en' },
  { code: 'de', iso: 'de-DE', name: 'German', locale_name: 'Deutsch', moment_code: 'de' },
  { code: 'es', iso: 'es-ES', name: 'Spanish', locale_name: 'Español', moment_code: 'es' },
  { code: 'fr', iso: 'fr-FR', name: 'French', locale_name: 'Français', moment_code: 'fr' },
  { code: 'hi', iso: 'hi-IN', name: 'Hindi', locale_name: 'हिन्दी', moment_code: 'hi' },
  { code: 'id', iso: 'id-ID', name: 'Indonesian', locale_name: 'Bahasa Indonesia', moment_code: 'id' },
  { code: 'it', iso: 'it-IT', name: 'Italian', locale_name: 'Italiano', moment_code: 'it' },
  { code: 'ms', iso: 'ms-MY', name: 'Malay', locale_name: 'Bahasa Melayu', moment_code: 'ms' },
  { code: 'nl', iso: 'nl-NL', name: 'Dutch', locale_name: 'Nederlands', moment_code: 'nl' },
  { code: 'pl', iso: 'pl-PL', name: 'Polish', locale_name: 'Polski', moment_code: 'pl' },
  { code: 'th', iso: 'th-TH', name: 'Thai', locale_name: 'ไทย', moment_code: 'th' },
  { code: 'tl', iso: 'tl-PH', name: 'Tagalog', locale_name: 'Tagalog', moment_code: 'tl-ph' },
  { code: 'zh_CN', iso: 'zh-CN', name: 'Chinese (Simplified)', locale_name: '简体中文', moment_code: 'zh-cn' },
  { code: 'zh_HK', iso: 'zh-HK', name: 'Chinese (Hong Kong)', locale_name: '繁體中文（香港）', moment_code: 'zh-hk' },
  { code: 'zh_TW', iso: 'zh-TW', name: 'Chinese (Traditional)', locale_name: '繁體中文（台灣）', moment_code: 'zh-tw' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES = LOCALES.map((l) => l.code) as LocaleCode[];
export const DEFAULT_LOCALE: LocaleCode = 'en';
/** Locales that carry a URL prefix: every one but the default. */
export const PREFIXED_LOCALES = LOCALE_CODES.filter((c) => c !== DEFAULT_LOCALE);
export const LANGUAGE_COOKIE = 'cairn_lang';
export const LANGUAGE_COOKIE_DAYS = 365;

/** True when `code` is one of the 15 supported interface languages. */
export function isSupportedLocale(code: unknown): code is LocaleCode {
  return typeof code === 'string' && (LOCALE_CODES as string[]).includes(code);
}

/**
 * The entry for `code` of a table kept in every supported locale (label tables, mail texts); English's for any other
 * code, including names an object inherits (`constructor`, `toString`).
 */
export function forLocale<T>(table: Record<LocaleCode, T>, code: unknown): T {
  return table[resolveLocale(code)];
}

/** The profile language if supported, else English (§5). */
export function resolveLocale(code: unknown): LocaleCode {
  return isSupportedLocale(code) ? code : DEFAULT_LOCALE;
}

/**
 * §9 message file names: the name each locale's messages are served under. The code stays the route prefix, the
 * profile's language and the source folder (`apps/web/src/locales/zh_CN`); the web build names the locale's chunks
 * after its message file (`assets/zh-cn.common-<hash>.js`, docs/web.md).
 */
export const MESSAGE_FILES: Record<LocaleCode, string> = {
  en: 'en',
  de: 'de',
  es: 'es',
  fr: 'fr',
  hi: 'hi',
  id: 'id',
  it: 'it',
  ms: 'ms',
  nl: 'nl',
  pl: 'pl',
  th: 'th',
  tl: 'tl-ph',
  zh_CN: 'zh-cn',
  zh_HK: 'zh-hk',
  zh_TW: 'zh-tw',
};

/**
 * The served chunk name (without hash) of a locale's namespace file, `<message file>.<namespace>`, from the file's
 * source path (`…/locales/zh_CN/common.json` → `zh-cn.common`); null for any other module.
 */
export function messageChunkName(sourcePath: string): string | null {
  const parts = sourcePath.slice(-200).split('/');
  const [folder, code, file] = parts.slice(-3);
  if (parts.length < 3 || folder !== 'locales' || !isSupportedLocale(code) || !file.endsWith('.json')) return null;
  const namespace = file.slice(0, -'.json'.length);
  return /^[a-z-]{1,40}$/.test(namespace) ? `${MESSAGE_FILES[code]}.${namespace}` : null;
}
