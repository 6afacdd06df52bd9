import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/PageHeading';
import { type PanelTab, ui, useUi } from '../ui-store';

const TABS: PanelTab[] = ['notifications', 'chats'];

/** The 24rem overlay panel with the notifications and chats views; the faded area and Escape close it. */
export function SidePanel() {
  const { panel } = useUi();
  const { t } = useTranslation(['nav', 'notifications', 'chat']);
  const closeRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef<Record<PanelTab, HTMLButtonElement | null>>({ notifications: null, chats: null });
  const open = panel !== null;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') ui.closePanel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open]);

  if (!panel) return null;

  function onTabKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(panel as PanelTab) + 1) % TABS.length];
    ui.openPanel(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="fixed inset-0 z-50">
      {/* the faded area is a mouse affordance; keyboard users have the close button and Escape */}
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={ui.closePanel} />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label={t('panel.label')}
        className="absolute inset-y-0 end-0 flex w-96 max-w-full flex-col bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <div role="tablist" aria-label={t('panel.tabs')} className="flex gap-1" onKeyDown={onTabKey}>
            {TABS.map((tab) => (
              <button
                key={tab}
                ref={(el) => {
                  tabRefs.current[tab] = el;
                }}
                type="button"
                role="tab"
                id={`panel-tab-${tab}`}
                aria-selected={panel === tab}
                aria-controls={`panel-view-${tab}`}
                tabIndex={panel === tab ? 0 : -1}
                onClick={() => ui.openPanel(tab)}
                className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-700 aria-selected:bg-accent aria-selected:text-on-accent"
              >
                {tab === 'notifications' ? t('panel.notifications') : t('panel.chats')}
              </button>
            ))}
          </div>
          <button
            ref={closeRef}
            type="button"
            onClick={ui.closePanel}
            aria-label={t('panel.close')}
            className="flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div
          role="tabpanel"
          id={`panel-view-${panel}`}
          aria-labelledby={`panel-tab-${panel}`}
          className="flex-1 overflow-y-auto p-4"
        >
          <EmptyState>{panel === 'notifications' ? t('notifications:empty') : t('chat:empty')}</EmptyState>
        </div>
      </aside>
    </div>
  );
}
