import { currentLocale, localizePath } from './locale';

type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let navigator: Navigate = (to) => window.location.assign(to);

/** The router registers itself here so code outside React (the http client) can navigate. */
export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

/** Navigates to an unprefixed app path in the language currently shown. */
export async function navigateTo(path: string, opts?: { replace?: boolean }): Promise<void> {
  await navigator(localizePath(path, currentLocale()), opts);
}

/** The login path, carrying where the user was so login can bring them back. */
export function loginPathWithRedirect(): string {
  const { pathname, search } = window.location;
  if (/\/(auth\/)?login$/.test(pathname)) return '/login';
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
