import { isPublicRoleName } from '@cairn/shared/constants';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CustomerBrand } from '../../features/branding/use-customer-brand';
import { useLiveChats } from '../../features/chat/live';
import { VaultModalHost } from '../../features/media/components/VaultModalHost';
import { useSession } from '../../lib/session';
import { useProfile } from '../../lib/use-profile';
import { BrandedMain } from '../../ui/BrandedMain';
import { Header } from '../shell/Header';
import { Popups } from '../shell/Popups';
import { SidePanel } from '../shell/SidePanel';

/** Header, main area, popups, side panel and the media-vault slot. */
export default function DefaultLayout() {
  const { t } = useTranslation('common');
  const { data: user } = useProfile();
  const { trailId } = useSession();
  const isPublic = trailId !== null || !!user?.roles.some((r) => isPublicRoleName(r.name));
  useLiveChats(!!user && !isPublic);

  return (
    <div className="flex min-h-dvh flex-col">
      <CustomerBrand />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2"
      >
        {t('a11y.skipToContent')}
      </a>
      <Header user={user} isPublic={isPublic} />
      <BrandedMain>
        <Outlet />
      </BrandedMain>
      <Popups />
      {!isPublic && <SidePanel />}
      <VaultModalHost />
    </div>
  );
}
