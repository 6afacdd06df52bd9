import {
  DEFAULT_LOCALE,
  isSupportedLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  type LocaleCode,
} from '@cairn/shared/locales';

/** Splits a pathname into its locale (from the prefix) and the unprefixed rest. */
export function splitLocale(pathname: string): { locale: LocaleCode; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  if (first !== DEFAULT_LOCALE && isSupportedLocale(first)) {
    return { locale: first, path: `/${rest.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** Prefixes an app path with the locale; English stays unprefixed. */
export function localizePath(path: string, locale: LocaleCode): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The locale of the page currently shown (from the URL), for code outside React. */
export function currentLocale(): LocaleCode {
  return splitLocale(window.location.pathname).locale;
}

/** Remembers the user's explicit choice for a year. */
export function writeLanguageCookie(code: LocaleCode): void {
  const maxAge = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie is all that is needed
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

export function readLanguageCookie(): LocaleCode | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  const value = hit?.slice(LANGUAGE_COOKIE.length + 1);
  return isSupportedLocale(value) ? value : null;
}

/** A redirect target is honoured only when it is a path on this site (no scheme, no protocol-relative). */
export function isSafeRedirect(value: string | null): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** The preview routes of §2 (/preview/..., /preview-login/...), with or without a locale prefix. */
export function isPreviewPath(pathname: string): boolean {
  return /^\/preview(-login)?(\/|$)/.test(splitLocale(pathname).path);
}
