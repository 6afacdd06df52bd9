import type { User } from '@cairn/shared/api/accounts';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateProfile } from '../../features/account/api';
import { logout } from '../../features/account/session-actions';
import { vault } from '../../features/media/vault-store';
import { displayName } from '../../lib/profile';
import { ui } from '../../lib/ui-store';
import { useLocalePath } from '../../lib/use-locale';
import { Avatar } from '../../ui/Avatar';

const itemClass =
  'flex w-full min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

/** Moves focus to item i, wrapping around at both ends. */
function focusItem(menu: HTMLElement | null, i: number) {
  const all = menuItems(menu);
  all[(i + all.length) % all.length]?.focus();
}

/** The header dropdown: email, active/away toggle, edit profile, logout; a keyboard-operable menu button. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('nav');
  // loads in the background: the header must not wait for the vault's strings
  const { t: tMedia } = useTranslation('media', { useSuspense: false });
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const update = useUpdateProfile();
  const name = displayName(user);
  const away = user.is_paused === 1;

  useEffect(() => {
    if (!open) return;
    focusItem(menuRef.current, 0);
    const onDown = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  function onMenuKey(e: KeyboardEvent) {
    const all = menuItems(menuRef.current);
    const i = all.indexOf(document.activeElement as HTMLElement);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusItem(menuRef.current, i + 1),
      ArrowUp: () => focusItem(menuRef.current, i - 1),
      Home: () => focusItem(menuRef.current, 0),
      End: () => focusItem(menuRef.current, all.length - 1),
      Escape: () => close(),
      Tab: () => close(false),
    };
    const action = keys[e.key];
    if (!action) return;
    if (e.key !== 'Tab') e.preventDefault();
    action();
  }

  function toggleStatus() {
    const next = away ? 0 : 1;
    update.mutate({ is_paused: next }, { onSuccess: () => next === 1 && ui.showPausedNotice(true) });
  }

  return (
    <div ref={wrapRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="flex min-h-11 items-center gap-2 rounded-full px-2 hover:bg-slate-100"
      >
        <Avatar url={user.avatar[0]?.url ?? null} name={name} alt="" size={28} />
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:inline">{name}</span>
        {/* the name comes from the content, so it holds what is shown (WCAG 2.5.3 label in name), then the role */}
        <span className="sr-only">{t('account.button')}</span>
        <span aria-hidden="true" className="text-xs text-slate-500">
          ▾
        </span>
      </button>
      {open && (
        <div className="absolute end-0 z-40 mt-2 w-64 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200">
          <p className="px-3 pb-2 pt-1 text-xs text-slate-500">
            {t('account.signedInAs')}
            <span className="block truncate text-sm font-medium text-slate-800">{user.email}</span>
          </p>
          <div id={menuId} ref={menuRef} role="menu" aria-label={t('account.button')} onKeyDown={onMenuKey}>
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={!away}
              tabIndex={-1}
              className={itemClass}
              onClick={toggleStatus}
            >
              <span aria-hidden="true" className={`size-2.5 rounded-full ${away ? 'bg-slate-400' : 'bg-green-600'}`} />
              {away ? t('account.statusAway') : t('account.statusActive')}
            </button>
            <MenuItem onSelect={() => navigate(localize('/me/edit'))} close={close}>
              {t('account.edit')}
            </MenuItem>
            <MenuItem onSelect={() => vault.open()} close={close}>
              {tMedia('vault.open')}
            </MenuItem>
            <MenuItem onSelect={() => void logout()} close={close}>
              {t('account.logout')}
            </MenuItem>
          </div>
        </div>
      )}
    </div>
  );
}

/** A menu entry: closes the menu (without returning focus to the button), then acts. */
function MenuItem({
  onSelect,
  close,
  children,
}: {
  onSelect: () => void;
  close: (refocus: boolean) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={itemClass}
      onClick={() => {
        close(false);
        onSelect();
      }}
    >
      {children}
    </button>
  );
}
