import { useDelayed } from '../lib/use-delayed';

/**
 * An indeterminate spinner; `label` is announced to assistive technology at once. The spinning mark appears
 * only once the spinner has been mounted for 200 ms (§9 fetch minimum delay), so fast loads never flash it.
 */
export function Spinner({ label }: { label: string }) {
  const shown = useDelayed(true);
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-slate-600">
      <span
        aria-hidden="true"
        className={`size-6 rounded-full border-2 border-slate-300 border-t-accent motion-safe:animate-spin ${shown ? '' : 'invisible'}`}
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
