import type { ReactNode } from 'react';

interface Props {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  /** when the visible content is an icon or a number only */
  ariaLabel?: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A native radio or checkbox dressed as a card: the browser keeps the semantics and the arrow-key
 * movement of radio groups, the label carries the look and the visible focus ring.
 */
export function ChoiceBox({
  type,
  name,
  checked,
  disabled,
  onChange,
  ariaLabel,
  describedBy,
  className = '',
  children,
}: Props) {
  return (
    <label
      className={`relative flex cursor-pointer items-center justify-center rounded-xl border-2 border-slate-300 bg-white text-slate-900 transition select-none has-checked:border-accent has-checked:bg-accent has-checked:text-on-accent has-focus-visible:outline-4 has-focus-visible:outline-offset-2 has-focus-visible:outline-slate-900 has-disabled:cursor-not-allowed has-disabled:opacity-60 motion-reduce:transition-none ${className}`}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        className="sr-only"
      />
      {children}
    </label>
  );
}
