import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLetter } from '../answers';
import type { MineralProps, Option } from './types';

/** Moves the item at `from` to `to`, shifting the others. */
export function move<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * order: a sortable list. Keyboard: Space/Enter grabs the focused item, arrows move it, Space/Enter drops,
 * Escape puts it back. Pointer (touch, pen, mouse): drag an item by its handle. Each move is announced.
 */
export function OrderList({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const byId = new Map((mineral.properties.values ?? []).map((o) => [o.id, o]));
  const order = (draft.options ?? []).filter((id) => byId.has(id));
  const [grabbed, setGrabbed] = useState<{ id: number; from: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const itemRefs = useRef(new Map<number, HTMLButtonElement>());
  const dragging = useRef<number | null>(null);

  const nameOf = (o: Option | undefined) => o?.value ?? '';
  const focus = (id: number) => requestAnimationFrame(() => itemRefs.current.get(id)?.focus());

  function onKey(e: KeyboardEvent, id: number, index: number) {
    if (readOnly) return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (grabbed) {
        setGrabbed(null);
        setAnnouncement(t('order.dropped', { item: nameOf(byId.get(id)), position: index + 1, total: order.length }));
      } else {
        setGrabbed({ id, from: index });
        setAnnouncement(t('order.grabbed', { item: nameOf(byId.get(id)), position: index + 1, total: order.length }));
      }
    } else if (grabbed && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = index + (e.key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= order.length) return;
      onChange({ options: move(order, index, to) });
      setAnnouncement(t('order.moved', { item: nameOf(byId.get(id)), position: to + 1, total: order.length }));
      focus(id);
    } else if (grabbed && e.key === 'Escape') {
      e.preventDefault();
      onChange({ options: move(order, index, grabbed.from) });
      setGrabbed(null);
      setAnnouncement(t('order.cancelled', { item: nameOf(byId.get(id)) }));
      focus(id);
    }
  }

  function onPointerDown(e: PointerEvent, id: number) {
    if (readOnly) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    dragging.current = id;
    setGrabbed({ id, from: order.indexOf(id) });
  }

  function onPointerMove(e: PointerEvent) {
    const id = dragging.current;
    if (id === null) return;
    const from = order.indexOf(id);
    // the slot is the first item whose middle lies below the pointer
    let to = order.length - 1;
    for (let i = 0; i < order.length; i++) {
      const r = itemRefs.current.get(order[i])?.getBoundingClientRect();
      if (r && e.clientY < r.top + r.height / 2) {
        to = i > from ? i - 1 : i;
        break;
      }
    }
    if (to !== from) onChange({ options: move(order, from, to) });
  }

  function onPointerUp() {
    const id = dragging.current;
    if (id === null) return;
    dragging.current = null;
    setGrabbed(null);
    const at = order.indexOf(id);
    setAnnouncement(t('order.dropped', { item: nameOf(byId.get(id)), position: at + 1, total: order.length }));
  }

  return (
    <div>
      <p id={`${labelId}-how`} className="mb-2 text-sm text-slate-700">
        {t('order.instructions')}
      </p>
      <ol
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-how${errorId ? ` ${errorId}` : ''}`}
        className="flex flex-col gap-2"
      >
        {order.map((id, index) => {
          const o = byId.get(id);
          const isGrabbed = grabbed?.id === id;
          return (
            <li key={id}>
              <button
                type="button"
                ref={(el) => {
                  if (el) itemRefs.current.set(id, el);
                  else itemRefs.current.delete(id);
                }}
                aria-disabled={readOnly || undefined}
                aria-roledescription={t('order.roleDescription')}
                aria-label={t('order.item', { item: nameOf(o), position: index + 1, total: order.length })}
                aria-pressed={readOnly ? undefined : isGrabbed}
                onKeyDown={(e) => onKey(e, id, index)}
                onBlur={() => grabbed?.id === id && dragging.current === null && setGrabbed(null)}
                className={`flex min-h-14 w-full items-center gap-3 text-start rounded-xl border-2 bg-white p-2 text-slate-900 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${isGrabbed ? 'border-accent shadow-lg' : 'border-slate-300'}`}
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 font-bold"
                >
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 font-medium break-words">{nameOf(o) || optionLetter(index)}</span>
                {!readOnly && (
                  <span
                    aria-hidden="true"
                    data-testid="drag-handle"
                    onPointerDown={(e) => onPointerDown(e, id)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={onPointerUp}
                    className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
                  >
                    <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
                      <circle cx="9" cy="6" r="1.6" />
                      <circle cx="15" cy="6" r="1.6" />
                      <circle cx="9" cy="12" r="1.6" />
                      <circle cx="15" cy="12" r="1.6" />
                      <circle cx="9" cy="18" r="1.6" />
                      <circle cx="15" cy="18" r="1.6" />
                    </svg>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
