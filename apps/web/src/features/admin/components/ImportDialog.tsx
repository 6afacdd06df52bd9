import { IMPORT_COLUMNS, type ImportReport } from '@cairn/shared/api/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/download';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { adminKey, importPeople } from '../api';

const SAMPLE = `${IMPORT_COLUMNS.join(',')}
anna.berger@example.com,Anna,Berger,de,learner,Sales
ben.carter@example.com,Ben,Carter,en,coach,Sales
chloe.dubois@example.com,Chloé,Dubois,fr,admin,
`;

/** CSV import: a sample to start from, a check (dry run), then the import; problems listed by row and column. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    try {
      const r = await importPeople(file, dryRun);
      setReport(r);
      if (!dryRun && r.created > 0) void qc.invalidateQueries({ queryKey: adminKey });
    } catch {
      // the http client has shown what went wrong (413, 415, …)
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };

  return (
    <Dialog open={open} title={t('import.title')} onClose={close}>
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        <p>{t('import.lead')}</p>
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => saveFile(new Blob([SAMPLE], { type: 'text/csv' }), 'cairn-people-sample.csv')}
        >
          {t('import.sample')}
        </Button>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="font-medium text-slate-800">
            {t('import.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="min-h-11 text-sm"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
        </div>
        {report && <ImportResult report={report} />}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('import.close')}
          </Button>
          <Button variant="secondary" disabled={!file || busy} onClick={() => void run(true)}>
            {t('import.check')}
          </Button>
          <Button
            disabled={!file || busy || (report !== null && report.problem_count > 0)}
            onClick={() => void run(false)}
          >
            {busy ? t('import.working') : t('import.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useTranslation('admin');
  if (report.problem_count === 0) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
        {report.dry_run ? t('import.ready', { count: report.rows }) : t('import.done', { count: report.created })}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-col gap-2">
      <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
        {t('import.problems', { count: report.problem_count })}
      </p>
      <section
        aria-label={t('import.problems', { count: report.problem_count })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        className="max-h-60 overflow-auto rounded-lg ring-1 ring-slate-200"
      >
        <table className="w-full text-start text-xs">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-2 py-1 text-start">
                {t('import.row')}
              </th>
              <th scope="col" className="px-2 py-1 text-start">
                {t('import.column')}
              </th>
              <th scope="col" className="px-2 py-1 text-start">
                {t('import.problem')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((p) => (
              <tr key={`${p.row}-${p.column}-${p.problem}`} className="border-t border-slate-100">
                <td className="px-2 py-1">{p.row}</td>
                <td className="px-2 py-1">{p.column}</td>
                <td className="px-2 py-1">{t(`problems.${p.problem}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
