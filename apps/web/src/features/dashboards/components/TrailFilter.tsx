import { useId } from 'react';

/** A select narrowing a list to one of the customer's trails ("all" is the empty value); the boards and /coach. */
export function TrailFilter({
  label,
  allLabel,
  trails,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  trails: { id: number; name: string }[];
  value: number | null;
  onChange: (trailId: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{allLabel}</option>
        {trails.map((tr) => (
          <option key={tr.id} value={tr.id}>
            {tr.name}
          </option>
        ))}
      </select>
    </div>
  );
}
