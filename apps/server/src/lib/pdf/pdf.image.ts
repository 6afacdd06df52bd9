import sharp from 'sharp';
import { fontkitFont, splitRuns, type Weight } from './fonts';
import type { PdfSpec } from './pdf.renderer';

// the same sizes and colours as pdf.renderer.ts, in points (A4: 595.28 × 841.89)
const SIZES = { title: 26, heading: 15, text: 11, row: 11 } as const;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#ff7233';
const A4 = { short: 595.28, long: 841.89 };
const MARGIN = 56;

interface Segment {
  text: string;
  weight: Weight;
}

/** One line of glyph outlines: the SVG of its glyphs drawn from x = 0 on the baseline, and its width. */
function shape(segments: Segment[], size: number, locale: string): { svg: string; width: number } {
  let x = 0;
  const parts: string[] = [];
  for (const seg of segments) {
    for (const run of splitRuns(seg.text, locale)) {
      const font = fontkitFont(run.script, seg.weight);
      const s = size / font.unitsPerEm;
      const { glyphs, positions } = font.layout(run.text);
      glyphs.forEach((g, i) => {
        const p = positions[i];
        const d = g.path.toSVG();
        if (d) {
          const gx = (x + p.xOffset * s).toFixed(2);
          const gy = (-p.yOffset * s).toFixed(2);
          parts.push(`<path transform="translate(${gx} ${gy}) scale(${s.toFixed(5)} ${(-s).toFixed(5)})" d="${d}"/>`);
        }
        x += p.xAdvance * s;
      });
    }
  }
  return { svg: parts.join(''), width: x };
}

/**
 * A PNG of the spec's first page, drawn as SVG from the same blocks and fonts as the PDF (the glyphs as outlines, so
 * no system font is needed, and every script shapes as in the PDF) and rasterised by sharp. Lines are centred or
 * left-aligned like the PDF's, never wrapped: a line wider than the page is scaled down to fit. Meant for one-page
 * documents (the certificate); later pages are not drawn.
 */
export async function renderSpecPng(spec: PdfSpec, pixelWidth = 1684): Promise<Buffer> {
  const landscape = spec.layout === 'landscape';
  const W = landscape ? A4.long : A4.short;
  const H = landscape ? A4.short : A4.long;
  const inner = W - 2 * MARGIN;
  const out: string[] = [`<rect width="${W}" height="${H}" fill="#ffffff"/>`];
  let y = MARGIN;
  if (spec.frame) {
    out.push(
      `<rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="${ACCENT}" stroke-width="3"/>`,
    );
    y = H / 5;
  }
  if (spec.logo) {
    const top = spec.frame ? 48 : MARGIN;
    const href = `data:image/png;base64,${(await sharp(spec.logo).png().toBuffer()).toString('base64')}`;
    out.push(`<image x="${(W - 180) / 2}" y="${top}" width="180" height="60" href="${href}"/>`);
    y = Math.max(y, top + 60 + 16);
  }
  const line = (segments: Segment[], size: number, color: string) => {
    const { svg, width } = shape(segments, size, spec.locale);
    const k = width > inner ? inner / width : 1;
    const x = spec.align === 'center' ? MARGIN + (inner - width * k) / 2 : MARGIN;
    const baseline = y + size * 0.93;
    out.push(`<g fill="${color}" transform="translate(${x.toFixed(2)} ${baseline.toFixed(2)}) scale(${k})">${svg}</g>`);
    y += size * 1.36 + 3;
  };
  for (const b of spec.blocks) {
    if (b.kind === 'title') {
      line([{ text: b.text, weight: 'bold' }], SIZES.title, INK);
      y += SIZES.title * 0.6 * 1.36;
    } else if (b.kind === 'heading') {
      y += SIZES.heading * 0.4 * 1.36;
      line([{ text: b.text, weight: 'bold' }], SIZES.heading, ACCENT);
      y += SIZES.heading * 0.2 * 1.36;
    } else if (b.kind === 'text') line([{ text: b.text, weight: 'regular' }], SIZES.text, b.muted ? MUTED : INK);
    else if (b.kind === 'row')
      line(
        [
          { text: `${b.label}: `, weight: 'bold' },
          { text: b.value, weight: 'regular' },
        ],
        SIZES.row,
        INK,
      );
    else y += (b.size ?? 1) * SIZES.text * 1.36;
    if (y > H) break;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${Math.round((pixelWidth * H) / W)}" viewBox="0 0 ${W} ${H}">${out.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
}
