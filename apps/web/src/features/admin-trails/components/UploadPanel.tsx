import type { PackageUpload } from '@cairn/shared/api/admin-trails';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { refreshTrails, uploadPackage } from '../api';

type Outcome =
  | { kind: 'checked' | 'uploaded'; data: PackageUpload }
  | { kind: 'refused'; message: string; problems: [string, string][] }
  | { kind: 'failed'; message: string };

/**
 * Upload a package (YAML/JSON, or a zip with its media): "Check" runs the CLI's checker only, "Upload" imports it as
 * a draft. A refused package lists every problem under its path, as the CLI prints them (docs/admin.md).
 */
export function UploadPanel() {
  const { t } = useTranslation('admin-trails');
  const qc = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const data = await uploadPackage(file, dryRun);
      setOutcome({ kind: dryRun ? 'checked' : 'uploaded', data });
      if (!dryRun) {
        // uploaded: the same file again would be a second trail, so the choice is cleared
        setFile(null);
        if (input.current) input.current.value = '';
        await refreshTrails(qc);
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.status === 422 && err.body?.errors) {
        const problems = Object.entries(err.body.errors).flatMap(([path, msgs]) =>
          msgs.map((m) => [path, m] as [string, string]),
        );
        setOutcome({ kind: 'refused', message: err.body.message ?? '', problems });
      } else if (err.status === 413) setOutcome({ kind: 'failed', message: t('upload.tooLarge') });
      else if (err.status === 415) setOutcome({ kind: 'failed', message: t('upload.wrongType') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${inputId}-h`} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${inputId}-h`} className="text-lg font-semibold text-slate-900">
        {t('upload.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('upload.lead')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {t('upload.file')}
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept=".yaml,.yml,.json,.zip"
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setOutcome(null);
            }}
          />
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={!file || busy} onClick={() => void send(true)}>
            {t('upload.check')}
          </Button>
          <Button disabled={!file || busy} onClick={() => void send(false)}>
            {t('upload.upload')}
          </Button>
        </div>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'refused' && (
          <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{t('upload.refused', { count: outcome.problems.length })}</p>
            <p className="mt-1 font-mono text-xs">{outcome.message}</p>
            <ul className="mt-2 space-y-1">
              {outcome.problems.map(([path, message], i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one path may carry several problems, in the answer's order
                <li key={i} className="break-words font-mono text-xs">
                  <span className="font-semibold">{path}</span>: {message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {outcome?.kind === 'failed' && (
          <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {outcome.message}
          </p>
        )}
        {(outcome?.kind === 'checked' || outcome?.kind === 'uploaded') && (
          <p
            role="status"
            className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            {t(outcome.kind === 'checked' ? 'upload.checked' : 'upload.uploaded', {
              name: outcome.data.name,
              count: outcome.data.pebbles,
            })}
          </p>
        )}
      </div>
    </section>
  );
}
