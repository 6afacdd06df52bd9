import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { Button } from '../../../ui/Button';
import { searchPeople } from '../api';

export interface Person {
  id: number;
  label: string;
}

/** Finds people of the customer by name or e-mail (2 characters or more, debounced) and picks them. */
export function PersonPicker({ chosen, onChange }: { chosen: Person[]; onChange: (people: Person[]) => void }) {
  const { t } = useTranslation('admin-trails');
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const { data: found = [] } = useQuery({
    queryKey: ['admin', 'people-search', search],
    queryFn: () => searchPeople(search),
    enabled: search.length >= 2,
  });
  const label = (p: { firstname: string | null; lastname: string | null; email: string | null }) =>
    [p.firstname, p.lastname].filter(Boolean).join(' ') || p.email || '';
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('people.search')}
      </label>
      <input
        id={id}
        type="search"
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
      />
      {search.length >= 2 && (
        <ul aria-label={t('people.results')} className="max-h-40 space-y-1 overflow-y-auto">
          {found
            .filter((p) => !chosen.some((c) => c.id === p.id))
            .map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate">
                  {label(p)} <span className="text-slate-600">{p.email}</span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={t('people.addNamed', { name: label(p) })}
                  onClick={() => onChange([...chosen, { id: p.id, label: label(p) }])}
                >
                  {t('people.add')}
                </Button>
              </li>
            ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul aria-label={t('people.chosen')} className="flex flex-wrap gap-2">
          {chosen.map((p) => (
            <li key={p.id} className="flex items-center gap-1 rounded-full bg-slate-100 ps-3 text-sm">
              {p.label}
              <Button
                variant="ghost"
                aria-label={t('people.removeNamed', { name: p.label })}
                onClick={() => onChange(chosen.filter((c) => c.id !== p.id))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
