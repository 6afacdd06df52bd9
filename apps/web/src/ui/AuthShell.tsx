import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher';
import { BrandLogo } from './Logo';

/** The look of the auth layout, also worn by the error screen outside the route tree. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-accent/15 via-slate-50 to-accent-2/10">
      <header className="flex items-center justify-between gap-4 px-4 py-3 sm:px-8">
        <BrandLogo alt={t('brand.logoAlt')} className="h-10 w-auto" />
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
