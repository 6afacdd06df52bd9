import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/** Scripts we carry a font for; pdfkit has no fallback, so every run of text names one. */
export type Script = 'latin' | 'devanagari' | 'thai' | 'hanSc' | 'hanTc';
export type Weight = 'regular' | 'bold';

const require = createRequire(import.meta.url);

// the TTFs ship in npm packages, so every machine renders the same glyphs (never the system's fonts)
const FILES: Record<Script, [pkg: string, family: string]> = {
  latin: ['@expo-google-fonts/noto-sans', 'NotoSans'],
  devanagari: ['@expo-google-fonts/noto-sans-devanagari', 'NotoSansDevanagari'],
  thai: ['@expo-google-fonts/noto-sans-thai', 'NotoSansThai'],
  hanSc: ['@expo-google-fonts/noto-sans-sc', 'NotoSansSC'],
  hanTc: ['@expo-google-fonts/noto-sans-tc', 'NotoSansTC'],
};

/** Path of the TTF for a script and weight, inside node_modules. */
export function fontPath(script: Script, weight: Weight = 'regular'): string {
  const [pkg, family] = FILES[script];
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const style = weight === 'bold' ? '700Bold' : '400Regular';
  return path.join(dir, style, `${family}_${style}.ttf`);
}

const buffers = new Map<string, Buffer>();
const parsed = new Map<string, fontkit.Font>();

/** The font file's bytes, read once per process (the Han fonts are ~10 MB). */
export function fontBuffer(script: Script, weight: Weight = 'regular'): Buffer {
  const key = `${script}/${weight}`;
  let buf = buffers.get(key);
  if (!buf) {
    buf = readFileSync(fontPath(script, weight));
    buffers.set(key, buf);
  }
  return buf;
}

/** The fontkit font (cmap and shaping), parsed once per process. */
export function fontkitFont(script: Script, weight: Weight = 'regular'): fontkit.Font {
  const key = `${script}/${weight}`;
  let f = parsed.get(key);
  if (!f) {
    f = fontkit.create(fontBuffer(script, weight)) as fontkit.Font;
    parsed.set(key, f);
  }
  return f;
}

/** Which Han font a locale reads: traditional for Hong Kong and Taiwan, simplified otherwise. */
export function hanFor(locale: string): 'hanSc' | 'hanTc' {
  return /^zh[_-](HK|TW|Hant)/i.test(locale) ? 'hanTc' : 'hanSc';
}

/** The script a code point belongs to, or null for neutral characters (spaces, digits, punctuation, marks). */
export function scriptOf(cp: number, han: 'hanSc' | 'hanTc'): Script | null {
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff) || (cp >= 0x1cd0 && cp <= 0x1cff)) {
    return 'devanagari';
  }
  if (cp >= 0x0e00 && cp <= 0x0e7f) return 'thai';
  if (
    (cp >= 0x2e80 && cp <= 0x2fdf) || // radicals
    (cp >= 0x3000 && cp <= 0x303f) || // CJK punctuation
    (cp >= 0x3040 && cp <= 0x30ff) || // kana
    (cp >= 0x3100 && cp <= 0x31ff) || // bopomofo
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) || // full-width forms
    (cp >= 0x20000 && cp <= 0x3ffff)
  ) {
    return han;
  }
  // letters of Latin, Greek, Cyrillic (Noto Sans covers them)
  if (/\p{L}/u.test(String.fromCodePoint(cp))) return 'latin';
  return null;
}

export interface Run {
  script: Script;
  text: string;
}

const hasGlyph = (script: Script, cp: number) => fontkitFont(script).hasGlyphForCodePoint(cp);

/**
 * Splits text into runs of one font each. Neutral characters (spaces, digits, punctuation, joiners, marks)
 * stay in the run they are in when its font has them, so shaping sees whole words; otherwise Latin.
 */
export function splitRuns(text: string, locale: string): Run[] {
  const han = hanFor(locale);
  const runs: Run[] = [];
  let current: Run | null = null;
  let pendingNeutral = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    let script = scriptOf(cp, han);
    if (script && !hasGlyph(script, cp)) script = fallbackFor(cp, script);
    if (script === null) {
      // a combining mark or joiner belongs to what precedes it, whatever the font
      const isMark = /[\p{M}\u200c\u200d]/u.test(ch);
      if (current && (isMark || hasGlyph(current.script, cp))) {
        current.text += ch;
      } else if (!current) {
        pendingNeutral += ch;
      } else {
        current = { script: 'latin', text: ch };
        runs.push(current);
      }
      continue;
    }
    if (current && current.script === script) {
      current.text += ch;
    } else {
      current = { script, text: pendingNeutral + ch };
      pendingNeutral = '';
      if (current.text.length > ch.length && !allHave(script, current.text)) {
        runs.push({ script: 'latin', text: current.text.slice(0, -ch.length) });
        current.text = ch;
      }
      runs.push(current);
    }
  }
  if (pendingNeutral) runs.push({ script: 'latin', text: pendingNeutral });
  return mergeAdjacent(runs);
}

function allHave(script: Script, text: string): boolean {
  for (const ch of text) if (!hasGlyph(script, ch.codePointAt(0) as number)) return false;
  return true;
}

function fallbackFor(cp: number, preferred: Script): Script | null {
  for (const s of ['latin', 'hanSc', 'hanTc', 'devanagari', 'thai'] as const) {
    if (s !== preferred && hasGlyph(s, cp)) return s;
  }
  return null;
}

function mergeAdjacent(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && last.script === r.script) last.text += r.text;
    else out.push({ ...r });
  }
  return out;
}

/** Characters (and shaped glyphs) that would render as the missing-glyph box (.notdef) in their run's font. */
export function missingGlyphs(text: string, locale: string, weight: Weight = 'regular'): string[] {
  const missing: string[] = [];
  for (const run of splitRuns(text, locale)) {
    const font = fontkitFont(run.script, weight);
    for (const ch of run.text) {
      const cp = ch.codePointAt(0) as number;
      // joiners are format controls: fonts need not map them, shaping consumes them
      if (cp === 0x200c || cp === 0x200d) continue;
      if (font.glyphForCodePoint(cp).id === 0) missing.push(ch);
    }
    if (font.layout(run.text).glyphs.some((g) => g.id === 0) && missing.length === 0) missing.push(run.text);
  }
  return missing;
}
