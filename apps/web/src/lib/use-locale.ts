import { DEFAULT_LOCALE, type LocaleCode } from '@cairn/shared/locales';
import { createContext, useCallback, useContext } from 'react';
import { localizePath } from './locale';

/** The locale of the route subtree being rendered (each prefix mounts its own copy of the tree). */
export const LocaleContext = createContext<LocaleCode>(DEFAULT_LOCALE);

export function useLocale(): LocaleCode {
  return useContext(LocaleContext);
}

/** Turns an unprefixed app path into the one for the current locale. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
