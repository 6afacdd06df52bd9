import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

export interface PanelTabDef<T extends string> {
  id: T;
  label: string;
}

interface Props<T extends string> {
  /** accessible name of the panel dialog */
  label: string;
  tabsLabel?: string;
  closeLabel: string;
  /** none: a single view whose `header` takes the tab row's place (the trail result panel) */
  tabs?: PanelTabDef<T>[];
  active?: T;
  onSelect?: (tab: T) => void;
  /** shown instead of the tabs when there are none */
  header?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The §2 side panel: a 24rem overlay from the end edge with tabbed views; the faded area, the close button
 * and Escape close it, and focus returns to the opener. The shell's notifications/chats panel and the
 * player's info/navigator panel are both this frame.
 */
export function PanelFrame<T extends string>({
  label,
  tabsLabel,
  closeLabel,
  tabs = [],
  active,
  onSelect = () => {},
  header,
  onClose,
  children,
}: Props<T>) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const closeFn = useRef(onClose);
  closeFn.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') closeFn.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);

  function onTabKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = tabs.findIndex((t) => t.id === active);
    const step = e.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(i + step) % tabs.length].id;
    onSelect(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="fixed inset-0 z-50">
      {/* the faded area is a mouse affordance; keyboard users have the close button and Escape */}
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className="absolute inset-y-0 end-0 flex w-96 max-w-full flex-col bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
          {tabs.length === 0 ? (
            <div className="flex min-w-0 flex-1 items-center gap-2">{header}</div>
          ) : (
            // one row, as §2 lists the phone tab set; on a narrow panel the row scrolls sideways instead of wrapping
            <div
              role="tablist"
              aria-label={tabsLabel}
              className="flex min-w-0 flex-1 gap-1 overflow-x-auto"
              onKeyDown={onTabKey}
            >
              {tabs.map((tab) => (
                <button
                  key={tab.id}
                  ref={(el) => {
                    tabRefs.current[tab.id] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`panel-tab-${tab.id}`}
                  aria-selected={active === tab.id}
                  aria-controls={`panel-view-${tab.id}`}
                  tabIndex={active === tab.id ? 0 : -1}
                  onClick={() => onSelect(tab.id)}
                  className="min-h-11 shrink-0 whitespace-nowrap rounded-lg px-2.5 text-sm font-semibold text-slate-700 aria-selected:bg-accent aria-selected:text-on-accent"
                >
                  {tab.label}
                </button>
              ))}
            </div>
          )}
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {tabs.length === 0 ? (
          <div className="flex-1 overflow-y-auto p-4">{children}</div>
        ) : (
          <div
            role="tabpanel"
            id={`panel-view-${active}`}
            aria-labelledby={`panel-tab-${active}`}
            className="flex-1 overflow-y-auto p-4"
          >
            {children}
          </div>
        )}
      </aside>
    </div>
  );
}
