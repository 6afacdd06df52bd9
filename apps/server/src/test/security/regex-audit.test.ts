import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audit, findRegexes, problemOf } from '../../../scripts/regex-audit';

describe('the ReDoS audit of npm run lint (scripts/regex-audit.ts)', () => {
  it('finds literals, constant RegExp calls and regex rules, and flags a RegExp built from a value', () => {
    const text = [
      "const a = /^(a|b)+$/i; const b = 'x/y/z';",
      "const c = new RegExp('^\\\\d+$', 'u'); const d = RegExp(`^x$`);",
      "const rule = { rule: 'regex', pattern: '^[0-9]{4}$' };",
      'const e = new RegExp(userText);',
      '// regex-audit: built from the code of this file only',
      'const f = new RegExp(known);',
    ].join('\n');
    const found = findRegexes('x.ts', text);
    expect(found.map((r) => [r.source, r.flags])).toEqual([
      ['^(a|b)+$', 'i'],
      ['^\\d+$', 'u'],
      ['^x$', ''],
      ['^[0-9]{4}$', ''],
      [null, ''],
      [null, ''],
    ]);
    expect(found[4].waiver).toBeUndefined();
    expect(found[5].waiver).toBe('built from the code of this file only');
  });

  it('recheck flags a known exponential pattern and passes a linear one', async () => {
    expect(await problemOf('^(a+)+$', '')).toMatch(/^vulnerable \(exponential\)/);
    expect(await problemOf('^[a-z]+@[a-z]+$', '')).toBeNull();
  }, 30_000);

  const dir = mkdtempSync(join(tmpdir(), 'regex-audit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on a vulnerable pattern or an unexplained dynamic RegExp in a source file, not in a test file', async () => {
    mkdirSync(join(dir, 'src', 'test'), { recursive: true });
    writeFileSync(join(dir, 'src', 'bad.ts'), 'export const bad = /^(a+)+$/;\nexport const ok = /^\\d+$/;\n');
    writeFileSync(join(dir, 'src', 'dyn.ts'), 'export const f = (s: string) => new RegExp(s);\n');
    writeFileSync(join(dir, 'src', 'bad.test.ts'), 'const inTest = /^(b+)+$/;\n');
    writeFileSync(join(dir, 'src', 'test', 'helper.ts'), 'const inHelper = /^(c+)+$/;\n');
    const { checked, findings } = await audit(dir, ['src']);
    expect(checked).toBe(2);
    expect(findings.map((f) => [f.file, f.line, f.source]).sort()).toEqual([
      [join('src', 'bad.ts'), 1, '^(a+)+$'],
      [join('src', 'dyn.ts'), 1, null],
    ]);
  }, 30_000);
});
