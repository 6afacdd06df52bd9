import { isSupportedLocale, LOCALES } from '@cairn/shared/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { setLanguage } from '../lib/i18n';
import { localizePath, splitLocale, writeLanguageCookie } from '../lib/locale';
import { useLocale } from '../lib/use-locale';

/** Switches language by moving to the same page under the chosen prefix, and remembers the choice. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();

  async function choose(code: string) {
    if (!isSupportedLocale(code) || code === locale) return;
    writeLanguageCookie(code);
    // load the new language before the route swaps, so the page never flashes untranslated
    await setLanguage(code);
    const { path } = splitLocale(location.pathname);
    navigate(localizePath(path, code) + location.search);
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('language.switcher')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => void choose(e.target.value)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.iso}>
            {l.locale_name}
          </option>
        ))}
      </select>
    </div>
  );
}
