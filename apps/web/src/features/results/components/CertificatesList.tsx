import type { MeDashboard } from '@cairn/shared/api/dashboards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { Button } from '../../../ui/Button';
import { fetchCertificates } from '../api';

type Item = MeDashboard['certificates'][number];

/** The learner's certificates on /me; a PDF not rendered yet is made on the first download (GET /api/certificates). */
export function CertificatesList({ certificates }: { certificates: Item[] }) {
  const { t } = useTranslation('results');
  const locale = useLocale().replace('_', '-');
  const [pdfs, setPdfs] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const date = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' });
  const make = async (id: number) => {
    setBusy(id);
    try {
      const [c] = await fetchCertificates([id]);
      if (c) {
        setPdfs((p) => ({ ...p, [id]: c.pdf }));
        window.open(c.pdf, '_blank', 'noopener');
      }
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="certificates-title">
      <h2 id="certificates-title" className="mb-3 text-xl font-bold">
        {t('certificates.title')}
      </h2>
      {certificates.length === 0 ? (
        <p className="text-slate-600">{t('certificates.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {certificates.map((c) => {
            const pdf = pdfs[c.id] ?? c.pdf;
            return (
              <li
                key={c.id}
                className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{c.name}</p>
                  <p className="text-sm text-slate-600">
                    {c.trail.name} · {date.format(new Date(c.issued_at))}
                  </p>
                </div>
                {pdf ? (
                  <a
                    href={pdf}
                    target="_blank"
                    rel="noopener"
                    className="min-h-11 content-center text-sm font-semibold underline underline-offset-4"
                  >
                    {t('certificates.download', { name: c.name })}
                  </a>
                ) : (
                  <Button variant="secondary" disabled={busy === c.id} onClick={() => void make(c.id)}>
                    {t('certificates.download', { name: c.name })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
