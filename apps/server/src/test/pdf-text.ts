import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, as pdf.js extracts it (through the fonts' ToUnicode maps). */
export async function extractPdfText(pdf: Uint8Array | Buffer): Promise<string> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    let text = '';
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
      text += '\n';
    }
    return text;
  } finally {
    await task.destroy();
  }
}

/**
 * Normalises text for comparing what was written with what an extractor reads back. Extractors follow
 * the drawing order of shaped glyphs, so: whitespace is dropped (they break lines and split clusters),
 * the Devanagari marks drawn away from their logical place — the pre-base short i (U+093F) and the reph
 * (र् above the next consonant) — are taken out (compare their counts with `reorderedMarks`), and Thai
 * sara am is decomposed (extractors give ำ as nikhahit + aa, sometimes as ำา).
 */
export function normaliseForCompare(s: string): string {
  return s
    .normalize('NFC')
    .replace(/\s+/gu, '')
    .replace(/\u0930\u094D/g, '')
    .replace(/\u093F/g, '')
    .replace(/\u0E33\u0E32/g, '\u0E33')
    .replace(/\u0E33/g, '\u0E4D\u0E32');
}

/** How many reph and pre-base short i signs a text has (their position is the extractor's, not ours). */
export function reorderedMarks(s: string): { reph: number; shortI: number } {
  return { reph: s.match(/\u0930\u094D/g)?.length ?? 0, shortI: s.match(/\u093F/g)?.length ?? 0 };
}

/** The text pieces of a PDF's first page with where they are drawn (x, y of the baseline start, width), in points. */
export async function extractPdfItems(
  pdf: Uint8Array | Buffer,
): Promise<{ str: string; x: number; y: number; width: number }[]> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.flatMap((item) =>
      'str' in item && item.str.trim()
        ? [{ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width }]
        : [],
    );
  } finally {
    await task.destroy();
  }
}
