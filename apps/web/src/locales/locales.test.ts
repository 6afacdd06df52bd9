import { LOCALE_CODES, LOCALES } from '@cairn/shared/locales';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
// the web's namespaces, and the shared ones the server renders itself (the PDF labels: packages/shared/src/locales)
const webFiles = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const sharedFiles = import.meta.glob<Tree>('../../../../packages/shared/src/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const files: Record<string, Tree> = { ...webFiles };
for (const [p, tree] of Object.entries(sharedFiles)) files[p.replace(/^.*\/locales\//, './')] = tree;

const namespaces = Object.keys(files)
  .filter((p) => p.startsWith('./en/'))
  .map((p) => p.slice('./en/'.length, -'.json'.length));

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
const onlyPlaceholders = (s: string) => s.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\s\p{P}]/gu, '') === '';

// Words that stay the same in many languages; keep this list short so untranslated text still gets caught.
const SAME_AS_ENGLISH = new Set([
  'Cairn',
  'Google',
  'Microsoft',
  'Email',
  'Chat',
  'Coach',
  'Oops..',
  'Login',
  'OK',
  'xAPI',
]);
const LANGUAGE_NAMES = new Set<string>(LOCALES.map((l) => l.locale_name));

describe.each(LOCALE_CODES)('locale %s', (code) => {
  it.each(namespaces)('has a complete %s.json', (ns) => {
    const en = flatten(files[`./en/${ns}.json`]);
    const file = files[`./${code}/${ns}.json`];
    expect(file, `${code}/${ns}.json is missing`).toBeDefined();
    const tr = flatten(file);
    const problems: string[] = [];
    for (const [key, source] of Object.entries(en)) {
      const value = tr[key];
      if (value === undefined) problems.push(`${key}: missing`);
      else if (value.trim() === '') problems.push(`${key}: empty`);
      else {
        if (placeholders(value).join() !== placeholders(source).join()) problems.push(`${key}: placeholders differ`);
        const untranslated =
          code !== 'en' &&
          value === source &&
          source.length > 3 &&
          !onlyPlaceholders(source) &&
          !SAME_AS_ENGLISH.has(source) &&
          !LANGUAGE_NAMES.has(source);
        if (untranslated) problems.push(`${key}: same as English`);
      }
    }
    expect(problems, `${code}/${ns}.json`).toEqual([]);
  });
});
