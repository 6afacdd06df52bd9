import { isPublicRoleName } from '@cairn/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useProfile } from '../../features/account/api';
import { useLiveChats } from '../../features/chat/live';
import { VaultModalHost } from '../../features/media/components/VaultModalHost';
import { Header } from '../../features/shell/components/Header';
import { Popups } from '../../features/shell/components/Popups';
import { SidePanel } from '../../features/shell/components/SidePanel';
import { applyCustomerColours, saveCustomerLogo } from '../../lib/branding';
import { useSession } from '../../lib/session';

/** Header, main area, popups, side panel and the media-vault slot. */
export default function DefaultLayout() {
  const { t } = useTranslation('common');
  const { data: user } = useProfile();
  const { trailId } = useSession();
  const isPublic = trailId !== null || !!user?.roles.some((r) => isPublicRoleName(r.name));
  useLiveChats(!!user && !isPublic);

  useEffect(() => {
    if (!user) return;
    applyCustomerColours(user.customer?.style.colors ?? null);
    saveCustomerLogo(user.customer?.logo[0]?.url ?? null);
  }, [user]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2"
      >
        {t('a11y.skipToContent')}
      </a>
      <Header user={user} isPublic={isPublic} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Popups />
      {!isPublic && <SidePanel />}
      <VaultModalHost />
    </div>
  );
}
