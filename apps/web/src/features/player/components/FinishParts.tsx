import type { TrailResult } from '@cairn/shared/api/results';
import { TIMINGS } from '@cairn/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useLocale } from '../../../lib/use-locale';
import { Button, buttonClass } from '../../../ui/Button';
import { fetchCertificates, requestResultPdf } from '../../results';

/** One figure of the end screen: a big value (counted up, read once in full by screen readers) and its label. */
export function Stat({
  label,
  value,
  spoken,
  icon,
}: {
  label: string;
  value: ReactNode;
  spoken: string;
  icon: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-2xl bg-white p-3 text-center ring-1 ring-slate-200">
      <span aria-hidden="true" className="text-accent-ink">
        {icon}
      </span>
      <span aria-hidden="true" className="text-2xl font-extrabold tabular-nums text-slate-900 sm:text-3xl">
        {value}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
        {label}
      </span>
      <span className="sr-only">{spoken}</span>
    </div>
  );
}

type CertificateRef = TrailResult['certificates'][number];

/**
 * A certificate earned: its image (the certificate drawn as a card: seal, title, learner, trail, day) and a download
 * of its PDF, which the server renders on the first request (GET /api/certificates/user/{id}).
 */
export function CertificateCard({
  certificate,
  learner,
  trail,
}: {
  certificate: CertificateRef;
  learner: string;
  trail: string;
}) {
  const { t } = useTranslation('player');
  const locale = useLocale().replace('_', '-');
  const pdf = useQuery({
    queryKey: ['certificates', certificate.id],
    queryFn: () => fetchCertificates([certificate.id]).then((list) => list[0] ?? null),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = pdf.data?.pdf ?? certificate.file;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
    pdf.data ? new Date(pdf.data.issued_at) : new Date(),
  );
  return (
    <section aria-labelledby={`certificate-${certificate.id}`} className="flex flex-col gap-3">
      <h2 id={`certificate-${certificate.id}`} className="text-lg font-bold">
        {t('end.certificate')}
      </h2>
      <figure
        className="relative mx-auto flex w-full max-w-md flex-col items-center gap-1 rounded-xl border-8 border-double border-amber-600 bg-amber-50 px-6 py-5 text-center text-slate-900 shadow"
        data-certificate={certificate.id}
      >
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-12 text-amber-600">
          <circle cx="24" cy="20" r="14" fill="currentColor" />
          <path d="M16 31l-4 14 8-4 4 6 2-14M32 31l4 14-8-4-4 6-2-14" fill="currentColor" opacity="0.7" />
          <path d="M24 11l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="white" />
        </svg>
        <p className="text-xs font-semibold tracking-widest text-amber-800 uppercase">{t('end.certificateOf')}</p>
        <p className="text-xl font-bold break-words">{certificate.name}</p>
        <p className="text-sm">{t('end.awardedTo', { name: learner })}</p>
        <p className="text-sm break-words text-slate-700">{trail}</p>
        <figcaption className="text-xs text-slate-700">{day}</figcaption>
      </figure>
      <div className="flex justify-center">
        {url ? (
          <a href={url} download className={buttonClass('primary')}>
            {t('end.downloadCertificate', { name: certificate.name })}
          </a>
        ) : (
          <Button disabled={pdf.isPending} onClick={() => void pdf.refetch()}>
            {t(pdf.isPending ? 'end.preparing' : 'end.downloadCertificate', { name: certificate.name })}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The trail's result PDF: a link once made, else a request (made by a job; NOTIFY_RESULTS_PDF says when it is). */
export function ResultPdfButton({ trailId, userId, pdf }: { trailId: number; userId: number; pdf: string | null }) {
  const { t } = useTranslation(['player', 'results']);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<string | null>(pdf);
  if (made)
    return (
      <a href={made} target="_blank" rel="noopener" className={buttonClass('secondary')}>
        {t('end.resultPdf')}
      </a>
    );
  return (
    <Button
      variant="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const res = await requestResultPdf(trailId, userId);
          if (res === 'submitted') notify.success(t('results:pdf.submitted'), TIMINGS.toastErrorMs);
          else {
            setMade(res);
            window.open(res, '_blank', 'noopener');
          }
        } catch {
          // the http client reported it
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('end.resultPdf')}
    </Button>
  );
}
