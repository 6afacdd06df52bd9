/** An indeterminate spinner; `label` is announced to assistive technology. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-slate-600">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-accent motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
