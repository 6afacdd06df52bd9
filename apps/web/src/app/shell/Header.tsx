import type { User } from '@cairn/shared/api/accounts';
import { badgeText } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { canSeeResults } from '../../features/account/api';
import { PublicExit } from '../../features/account/components/PublicExit';
import { canOpenAdmin } from '../../features/admin';
import { unreadChats } from '../../features/chat/api';
import { unreadCount } from '../../features/notifications/api';
import { useUnreadFavicon } from '../../features/notifications/favicon';
import { ui } from '../../lib/ui-store';
import { useLocalePath } from '../../lib/use-locale';
import { BrandLogo } from '../../ui/Logo';
import { UserMenu } from './UserMenu';

const navItem =
  'flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-accent aria-[current=page]:text-on-accent';

function CustomerLogo({ user }: { user: User | undefined }) {
  const { t } = useTranslation('common');
  const logo = user?.customer?.logo[0]?.url;
  if (user?.customer && logo) {
    return (
      <img src={logo} alt={t('brand.customerLogoAlt', { company: user.customer.company })} className="h-8 w-auto" />
    );
  }
  return <BrandLogo alt={t('brand.logoAlt')} className="h-8 w-auto" />;
}

/** The default layout's header; public users get only the logo and the exit button. */
export function Header({ user, isPublic }: { user: User | undefined; isPublic: boolean }) {
  const { t } = useTranslation('nav');
  const localize = useLocalePath();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const unread = isPublic ? 0 : unreadCount(user);
  const chats = isPublic ? 0 : unreadChats(user);
  // new trails since /games was opened, new rewards and certificates since /me was (docs/me-and-coach.md)
  const home = isPublic ? 0 : (user?.notifications?.home ?? 0);
  const me = isPublic ? 0 : (user?.notifications?.me ?? 0);
  useUnreadFavicon(unread > 0);

  // the burger menu folds away once the user has picked a destination
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (isPublic) {
    return (
      <header className="sticky top-0 z-30 flex items-center justify-between border-t-4 border-b border-t-accent-2 border-b-slate-200 bg-white px-4 py-2">
        <CustomerLogo user={user} />
        <PublicExit />
      </header>
    );
  }

  return (
    <header className="sticky top-0 z-30 border-t-4 border-b border-t-accent-2 border-b-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:px-4">
        <button
          type="button"
          className="relative flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={menuOpen ? t('menu.close') : t('menu.open')}
          aria-expanded={menuOpen}
          aria-controls="primary-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {/* the Chat entry's badge is inside the folded menu on phones: a dot says there is something there */}
          {chats + home + me > 0 && !menuOpen && (
            <span aria-hidden="true" className="absolute end-1.5 top-1.5 size-2.5 rounded-full bg-red-600" />
          )}
        </button>
        <NavLink to={localize('/games')} className="me-2 flex items-center" aria-label={t('home')}>
          <CustomerLogo user={user} />
        </NavLink>
        <nav
          id="primary-nav"
          aria-label={t('primary')}
          className={`${menuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white p-3 shadow-lg md:static md:flex md:flex-row md:border-0 md:p-0 md:shadow-none`}
        >
          <NavLink
            to={localize('/games')}
            className={`${navItem} gap-2`}
            aria-label={home > 0 ? t('homeWithCount', { count: home }) : undefined}
          >
            {t('home')}
            <CountBadge count={home} />
          </NavLink>
          <button
            type="button"
            className={`${navItem} gap-2`}
            onClick={() => ui.openPanel('chats')}
            aria-label={chats > 0 ? t('chatWithCount', { count: chats }) : undefined}
          >
            {t('chat')}
            <CountBadge count={chats} testId="chat-badge" />
          </button>
          <NavLink
            to={localize('/me')}
            end={false}
            className={`${navItem} gap-2`}
            aria-label={me > 0 ? t('meWithCount', { count: me }) : undefined}
          >
            {t('me')}
            <CountBadge count={me} />
          </NavLink>
          {canSeeResults(user) && (
            <NavLink to={localize('/coach')} className={navItem}>
              {t('results')}
            </NavLink>
          )}
          {canOpenAdmin(user) && (
            <NavLink to={localize('/admin')} className={navItem}>
              {t('admin')}
            </NavLink>
          )}
          {user?.is_admin && user.customer && (
            <NavLink to={localize('/brand')} className={navItem}>
              {t('brand')}
            </NavLink>
          )}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <button
            type="button"
            onClick={() => ui.openPanel('notifications')}
            aria-label={unread > 0 ? t('notifications.openWithCount', { count: unread }) : t('notifications.open')}
            className="relative flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
              <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
            </svg>
            {unread > 0 && (
              <span
                aria-hidden="true"
                className="absolute end-1 top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white"
              >
                {badgeText(unread)}
              </span>
            )}
          </button>
          {user && <UserMenu user={user} />}
        </div>
      </div>
    </header>
  );
}

/** A nav entry's count (9+ cap); the entry's accessible name says it, so the badge itself is hidden. */
function CountBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className="min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white"
    >
      {badgeText(count)}
    </span>
  );
}
