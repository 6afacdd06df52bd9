import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Escape closes unless the dialog must be answered */
  onClose?: () => void;
  dismissable?: boolean;
  /** role="alertdialog" for prompts that interrupt the user */
  alert?: boolean;
  /**
   * The §9 modal width (800 px) for the popups that show content (rating popup, dashboard cards, battle popups);
   * short prompts and forms keep 28rem. Either way never wider than the screen less 1rem each side.
   */
  wide?: boolean;
}

/** A modal on the native <dialog>: the browser supplies focus trapping, inertness and Escape. */
export function Dialog({ open, title, children, onClose, dismissable = true, alert = false, wide = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal?.();
    if (!open && el.open) el.close();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      role={alert ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose?.();
      }}
      className={`m-auto ${wide ? 'w-[min(800px,calc(100vw-2rem))] max-w-[calc(100vw-2rem)]' : 'w-[min(28rem,calc(100vw-2rem))]'} rounded-2xl bg-white p-6 text-slate-900 shadow-2xl`}
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
}
