import { describe, expect, it } from 'vitest';
import { extractPdfText, normaliseForCompare, reorderedMarks } from '../../test/pdf-text';
import { fontkitFont, missingGlyphs, splitRuns } from './fonts';
import { type PdfSpec, renderPdf, specText } from './pdf.renderer';

// what a certificate and a results PDF write, per script; names mix scripts as real learners' do
const SAMPLES: Record<string, string[]> = {
  en: ['Certificate of completion', 'Ada Lovelace', 'Demo exam — passed on May 12, 2026', 'Score: 8/10 (80%)'],
  hi: ['पूर्णता प्रमाणपत्र', 'क्षत्रिय शर्मा (Ada)', 'डेमो परीक्षा — 12 मई 2026 को उत्तीर्ण', 'अंक: 8/10 (80%)'],
  th: ['ใบรับรองการสำเร็จหลักสูตร', 'สมชาย ใจดี', 'แบบทดสอบตัวอย่าง — ผ่านเมื่อ 12 พฤษภาคม 2026', 'คะแนน: 8/10 (80%)'],
  zh_CN: ['结业证书', '李小龙', '演示考试——于 2026年5月12日 通过', '得分：8/10（80%）'],
  zh_HK: ['結業證書', '陳大文', '示範考試——於 2026年5月12日 通過', '得分：8/10（80%）'],
  zh_TW: ['結業證書', '林志玲', '示範考試——於 2026年5月12日 通過', '得分：8/10（80%）'],
};

function specFor(locale: string, lines: string[]): PdfSpec {
  return {
    locale,
    title: lines[0],
    frame: true,
    align: 'center',
    blocks: [
      { kind: 'title', text: lines[0] },
      { kind: 'heading', text: lines[1] },
      { kind: 'text', text: lines[2] },
      { kind: 'row', label: 'Trail', value: lines[2] },
      { kind: 'text', text: lines[3], muted: true },
    ],
  };
}

/** Asserts each line is found in the extracted text, in order. */
function expectLinesInOrder(extracted: string, lines: string[]) {
  const haystack = normaliseForCompare(extracted);
  let from = 0;
  for (const line of lines) {
    const needle = normaliseForCompare(line);
    const at = haystack.indexOf(needle, from);
    expect(at, `"${line}" not found in order in:\n${extracted}`).toBeGreaterThanOrEqual(0);
    from = at + needle.length;
  }
}

describe('PDF renderer: text reads back in every script', () => {
  it.each(Object.entries(SAMPLES))('%s', async (locale, lines) => {
    const spec = specFor(locale, lines);
    const pdf = await renderPdf(spec);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await extractPdfText(pdf);
    expectLinesInOrder(text, specText(spec));
    expect(reorderedMarks(text)).toEqual(reorderedMarks(specText(spec).join('\n')));
    for (const line of specText(spec)) {
      expect(missingGlyphs(line, locale), line).toEqual([]);
      expect(missingGlyphs(line, locale, 'bold'), line).toEqual([]);
    }
  });
});

describe('font runs', () => {
  it('splits mixed text into one run per script and keeps neutral characters with their words', () => {
    expect(splitRuns('Ada: क्षत्रिय, ใจดี 结业 12', 'en')).toEqual([
      { script: 'latin', text: 'Ada: ' },
      { script: 'devanagari', text: 'क्षत्रिय, ' },
      { script: 'thai', text: 'ใจดี ' },
      { script: 'hanSc', text: '结业 12' },
    ]);
  });

  it('picks traditional Han glyphs for zh_HK and zh_TW', () => {
    expect(splitRuns('證書', 'zh_TW')[0].script).toBe('hanTc');
    expect(splitRuns('證書', 'zh_HK')[0].script).toBe('hanTc');
    expect(splitRuns('证书', 'zh_CN')[0].script).toBe('hanSc');
  });

  it('shapes Devanagari conjuncts and Thai marks (fewer glyphs than code points, none .notdef)', () => {
    const deva = fontkitFont('devanagari').layout('क्षत्रिय');
    expect(deva.glyphs.length).toBeLessThan([...'क्षत्रिय'].length);
    expect(deva.glyphs.every((g) => g.id !== 0)).toBe(true);
    const thai = fontkitFont('thai').layout('สำเร็จ');
    expect(thai.glyphs.every((g) => g.id !== 0)).toBe(true);
  });

  it('reports characters no shipped font has', () => {
    expect(missingGlyphs('ok \u{1FAE0}', 'en')).toEqual(['\u{1FAE0}']);
  });
});
