import PDFDocument from 'pdfkit';
import { fontBuffer, fontPath, type Script, splitRuns, type Weight } from './fonts';

/** One piece of a document; every text is written in per-script font runs. */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; muted?: boolean }
  | { kind: 'row'; label: string; value: string }
  | { kind: 'gap'; size?: number };

export interface PdfSpec {
  /** the reader's locale: picks the Han variant (zh_HK/zh_TW traditional) */
  locale: string;
  /** document title (PDF metadata) */
  title: string;
  layout?: 'portrait' | 'landscape';
  align?: 'left' | 'center';
  /** a border around the page (certificates) */
  frame?: boolean;
  /** an image (PNG or JPEG) drawn centred at the top of the page: the customer's logo on certificates */
  logo?: Buffer | null;
  blocks: PdfBlock[];
}

const SIZES = { title: 26, heading: 15, text: 11, row: 11 } as const;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#ff7233';

/** Renders the blocks to a PDF (A4) with the Noto fonts; Devanagari and Thai are shaped by fontkit. */
export async function renderPdf(spec: PdfSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.layout ?? 'portrait',
    margin: 56,
    // never load pdfkit's built-in Helvetica: it has no glyphs beyond Latin-1
    font: fontPath('latin'),
    info: { Title: spec.title, Creator: 'Cairn', Producer: 'Cairn' },
    lang: spec.locale.replace('_', '-'),
    pdfVersion: '1.7',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const registered = new Set<string>();
  const use = (script: Script, weight: Weight) => {
    const name = `${script}-${weight}`;
    if (!registered.has(name)) {
      doc.registerFont(name, fontBuffer(script, weight));
      registered.add(name);
    }
    doc.font(name);
    separateUnmappedGlyphs((doc as unknown as { _font: EmbeddedFontLike })._font);
  };
  const align = spec.align ?? 'left';

  /** Writes segments (each its own weight) as one paragraph, one pdfkit call per font run. */
  const write = (segments: { text: string; weight: Weight }[], size: number, color: string) => {
    const runs = segments.flatMap((s) => splitRuns(s.text, spec.locale).map((r) => ({ ...r, weight: s.weight })));
    doc.fontSize(size).fillColor(color);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    // pdfkit centres each `continued` fragment on its own, so the runs of a centred line (a bold label and its
    // value, or two scripts) were drawn over each other: a centred line of several runs that fits is placed here
    if (align === 'center' && runs.length > 1) {
      const widths = runs.map((run) => {
        use(run.script, run.weight);
        return doc.widthOfString(run.text);
      });
      const total = widths.reduce((a, b) => a + b, 0);
      if (total <= width) {
        const y = doc.y;
        let x = doc.page.margins.left + (width - total) / 2;
        let height = 0;
        runs.forEach((run, i) => {
          use(run.script, run.weight);
          doc.text(run.text, x, y, { lineBreak: false });
          height = Math.max(height, doc.currentLineHeight(true));
          x += widths[i];
        });
        doc.x = doc.page.margins.left;
        doc.y = y + height + 3;
        return;
      }
    }
    // (a centred line of several runs too long for one line is written left-aligned rather than overlapped)
    const lineAlign = align === 'center' && runs.length > 1 ? 'left' : align;
    runs.forEach((run, i) => {
      use(run.script, run.weight);
      const opts = { continued: i < runs.length - 1, align: lineAlign, width, lineGap: 3 };
      if (i === 0) doc.text(run.text, doc.page.margins.left, doc.y, opts);
      else doc.text(run.text, opts);
    });
    if (runs.length === 0) doc.moveDown(0.5);
  };

  if (spec.frame) {
    const m = 24;
    doc
      .lineWidth(3)
      .strokeColor(ACCENT)
      .rect(m, m, doc.page.width - 2 * m, doc.page.height - 2 * m)
      .stroke();
    doc.y = doc.page.height / 5;
  }
  if (spec.logo) {
    const box = { width: 180, height: 60 };
    const top = spec.frame ? 48 : doc.page.margins.top;
    doc.image(spec.logo, (doc.page.width - box.width) / 2, top, { fit: [box.width, box.height], align: 'center' });
    doc.x = doc.page.margins.left;
    doc.y = Math.max(doc.y, top + box.height + 16);
  }

  for (const block of spec.blocks) {
    switch (block.kind) {
      case 'title':
        write([{ text: block.text, weight: 'bold' }], SIZES.title, INK);
        doc.moveDown(0.6);
        break;
      case 'heading':
        doc.moveDown(0.4);
        write([{ text: block.text, weight: 'bold' }], SIZES.heading, ACCENT);
        doc.moveDown(0.2);
        break;
      case 'text':
        write([{ text: block.text, weight: 'regular' }], SIZES.text, block.muted ? MUTED : INK);
        break;
      case 'row':
        write(
          [
            { text: `${block.label}: `, weight: 'bold' },
            { text: block.value, weight: 'regular' },
          ],
          SIZES.row,
          INK,
        );
        break;
      case 'gap':
        doc.moveDown(block.size ?? 1);
        break;
    }
  }
  doc.end();
  return done;
}

interface EmbeddedFontLike {
  layout(
    text: string,
    features?: unknown,
  ): { glyphs: { id: number; codePoints: number[]; advanceWidth: number }[]; positions: unknown[] };
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  encode(text: string, features?: unknown): [string[], unknown[]];
  font: { getGlyph(id: number, codePoints?: number[]): { codePoints: number[] } };
  __cairnPatched?: boolean;
}

/**
 * pdfkit gives each glyph one ToUnicode entry, taken from its first use, and fontkit caches glyph objects
 * with the code points of their first use. Shaping can draw a glyph for part of another character with no
 * code points of its own (Noto draws ई as इ plus the reph shape); if that use came first, every real reph
 * (र्) later would extract as nothing (and the other way round, ई as ईर्). So glyphs carry the code points
 * of each use, and uses without any get a subset slot of their own, mapped to a zero-width non-joiner.
 */
function separateUnmappedGlyphs(font: EmbeddedFontLike): void {
  if (font.__cairnPatched || typeof font.subset?.includeGlyph !== 'function') return;
  font.__cairnPatched = true;
  const fk = font.font;
  const getGlyph = fk.getGlyph.bind(fk);
  fk.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    const same = glyph.codePoints.length === codePoints.length && glyph.codePoints.every((c, i) => c === codePoints[i]);
    return same ? glyph : Object.create(glyph, { codePoints: { value: codePoints } });
  };
  const ownSlots = new Map<number, number>();
  font.encode = function encode(text, features) {
    const { glyphs, positions } = this.layout(text, features);
    const res: string[] = [];
    for (const glyph of glyphs) {
      let gid: number;
      if (glyph.codePoints.length === 0) {
        gid = ownSlots.get(glyph.id) ?? this.subset.glyphs.push(glyph.id) - 1;
        ownSlots.set(glyph.id, gid);
        this.unicode[gid] ??= [0x200c];
      } else {
        gid = this.subset.includeGlyph(glyph.id);
        this.unicode[gid] ??= glyph.codePoints;
      }
      res.push(`0000${gid.toString(16)}`.slice(-4));
      this.widths[gid] ??= glyph.advanceWidth * this.scale;
    }
    return [res, positions];
  };
}

/** The lines of text a spec writes, in order (what a reader of the PDF should find). */
export function specText(spec: PdfSpec): string[] {
  return spec.blocks.flatMap((b) => {
    if (b.kind === 'gap') return [];
    if (b.kind === 'row') return [`${b.label}: ${b.value}`];
    return [b.text];
  });
}
