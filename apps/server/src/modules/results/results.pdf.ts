import type { TrailResult } from '@cairn/shared';
import { type PdfLabels, pdfLabelsFor } from '@cairn/shared/pdf-labels';
import type { PdfBlock, PdfSpec } from '../../lib/pdf/pdf.renderer';

type Labels = PdfLabels & { statuses: Record<TrailResult['summary']['status']['status'], string> };

/** PDF texts in the 15 interface languages: packages/shared/src/locales/<code>/pdf.json, under the locale coverage test. */
export const labelsFor = (locale: string): Labels => pdfLabelsFor(locale);

/** A date as the locale writes it (th: Buddhist era, as Thai readers expect). */
export function localDate(d: Date, locale: string): string {
  const tag = locale.replace('_', '-');
  try {
    return d.toLocaleDateString(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

/** The certificate: the learner's name, the trail, the certificate title and the date. */
export function certificateSpec(input: {
  locale: string;
  title: string;
  learner: string;
  trail: string;
  issuedAt: Date;
  /** the customer's logo (PNG), drawn at the top */
  logo?: Buffer | null;
}): PdfSpec {
  const l = labelsFor(input.locale);
  return {
    locale: input.locale,
    title: `${input.title} — ${input.learner}`,
    layout: 'landscape',
    align: 'center',
    frame: true,
    logo: input.logo ?? null,
    blocks: [
      { kind: 'title', text: l.certificate },
      { kind: 'heading', text: input.title },
      { kind: 'gap', size: 1 },
      { kind: 'text', text: l.certifies, muted: true },
      { kind: 'title', text: input.learner },
      { kind: 'text', text: l.completed, muted: true },
      { kind: 'heading', text: input.trail },
      { kind: 'gap', size: 1.5 },
      { kind: 'row', label: l.date, value: localDate(input.issuedAt, input.locale) },
    ],
  };
}

const ratio = (s: { score: number; total: number }) => (s.total > 0 ? `${s.score}/${s.total}` : String(s.score));

/** The results PDF: the summary, dimensions of assessments, and each question with the learner's answer. */
export function resultsSpec(result: TrailResult, locale: string, generatedAt: Date): PdfSpec {
  const l = labelsFor(locale);
  const s = result.summary;
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `${l.results}: ${result.trail.name}` },
    { kind: 'row', label: l.learner, value: result.user.name },
    { kind: 'row', label: l.date, value: localDate(generatedAt, locale) },
    { kind: 'row', label: l.status, value: l.statuses[s.status.status] },
    { kind: 'row', label: l.score, value: ratio(s.status) },
    { kind: 'row', label: l.points, value: ratio(s.points) },
    { kind: 'row', label: l.crowns, value: ratio(s.crowns) },
    { kind: 'row', label: l.rewards, value: ratio(s.rewards) },
    { kind: 'row', label: l.tries, value: ratio(s.tries) },
  ];
  if (result.player?.dimensions.length) {
    blocks.push({ kind: 'heading', text: l.dimensions });
    for (const d of result.player.dimensions) blocks.push({ kind: 'row', label: d.name, value: ratio(d) });
  }
  for (const marker of result.markers) {
    blocks.push({ kind: 'heading', text: marker.marker_name });
    for (const p of marker.pebbles) {
      const verdict = !p.answered ? l.notAnswered : p.passed === null ? '' : p.passed ? l.right : l.wrong;
      blocks.push({ kind: 'text', text: `${p.name}${p.property ? ` — ${p.property}` : ''}` });
      const chosen = p.options
        .filter((o) => o.selected)
        .map((o) => o.input?.text ?? o.title)
        .join(', ');
      if (p.answered)
        blocks.push({ kind: 'row', label: l.answered, value: `${chosen || '—'}${verdict ? ` (${verdict})` : ''}` });
      else blocks.push({ kind: 'text', text: verdict, muted: true });
      if (p.feedback) blocks.push({ kind: 'row', label: l.feedback, value: p.feedback });
    }
  }
  return { locale, title: `${l.results}: ${result.trail.name}`, blocks };
}
