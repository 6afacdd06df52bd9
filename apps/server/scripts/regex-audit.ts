/**
 * The ReDoS audit of `npm run lint`: every regular expression the server and the shared package hold — literals,
 * `new RegExp('…')`/`RegExp('…')` with a constant pattern, and the `{ rule: 'regex', pattern: '…' }` rules of the
 * shared rule set — is found with the TypeScript compiler API and checked by recheck (an analyser this project did
 * not write). A vulnerable pattern, one recheck cannot decide in time, or a `RegExp` built from a value the audit
 * cannot see (unless the line above says why with `regex-audit: <reason>`) fails the run.
 *
 * Run: `npx tsx apps/server/scripts/regex-audit.ts` (from the repository root). Nothing is cached.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { check, type Diagnostics } from 'recheck';
import ts from 'typescript';

/** Where the audited sources live, relative to the repository root. */
export const AUDITED_ROOTS = ['packages/shared/src', 'apps/server/src'];

/** A pattern found in a source file. `source` is null when the pattern is not a constant the audit can read. */
export interface FoundRegex {
  file: string;
  line: number;
  source: string | null;
  flags: string;
  /** the `regex-audit:` reason written on the line above a non-constant pattern */
  waiver?: string;
}

export interface AuditFinding extends FoundRegex {
  problem: string;
}

/** Tests, their fixtures and everything under `src/test/` (harness, fixtures, security suites) run on the test's own data only. */
const isTestFile = (path: string) => /\.(test|support)\.ts$/.test(path) || path.split('/').includes('test');

/** Non-test .ts files under a directory. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'test') out.push(...sourceFiles(p));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !isTestFile(p)) out.push(p);
  }
  return out;
}

const constantText = (n: ts.Node | undefined): string | null =>
  n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : null;

function waiverOf(sf: ts.SourceFile, node: ts.Node): string | undefined {
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  const lines = sf.text.split('\n');
  for (const l of [lines[line - 1] ?? '', lines[line] ?? '']) {
    const m = /\/\/\s*regex-audit:\s*(\S.{0,300})$/.exec(l);
    if (m) return m[1].trim();
  }
  return undefined;
}

/** Every regular expression in one file's text. */
export function findRegexes(file: string, text: string): FoundRegex[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: FoundRegex[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (n: ts.Node): void => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const raw = n.getText(sf);
      const end = raw.lastIndexOf('/');
      out.push({ file, line: at(n), source: raw.slice(1, end), flags: raw.slice(end + 1) });
    } else if (
      (ts.isNewExpression(n) || ts.isCallExpression(n)) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = n.arguments ?? [];
      const source = constantText(pattern);
      const flagText = flags === undefined ? '' : constantText(flags);
      if (source !== null && flagText !== null) out.push({ file, line: at(n), source, flags: flagText });
      else out.push({ file, line: at(n), source: null, flags: flagText ?? '', waiver: waiverOf(sf, n) });
    } else if (ts.isObjectLiteralExpression(n)) {
      // a rule of the shared rule set: { rule: 'regex', pattern: '…' } runs as new RegExp(pattern)
      const prop = (name: string) =>
        n.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === name);
      if (constantText(prop('rule')?.initializer) === 'regex') {
        const source = constantText(prop('pattern')?.initializer);
        if (source !== null) out.push({ file, line: at(n), source, flags: '' });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** recheck's options: the automaton checker where it applies, fuzzing otherwise; fixed seed so runs agree. */
export const RECHECK_PARAMS = { timeout: 20_000, randomSeed: 26, checker: 'auto' } as const;

/** recheck's verdict on one pattern: null when safe, else what is wrong. */
export async function problemOf(source: string, flags: string): Promise<string | null> {
  let d: Diagnostics = await check(source, flags, RECHECK_PARAMS);
  // a busy machine can run a fuzzed pattern out of time: one more try, with three times as long, before "undecided"
  if (d.status === 'unknown' && d.error.kind === 'timeout') {
    d = await check(source, flags, { ...RECHECK_PARAMS, timeout: RECHECK_PARAMS.timeout * 3 });
  }
  if (d.status === 'safe') return null;
  if (d.status === 'vulnerable') {
    const attack = d.attack.pattern.length > 120 ? `${d.attack.pattern.slice(0, 120)}…` : d.attack.pattern;
    return `vulnerable (${d.complexity.summary}); attack: ${attack}`;
  }
  return `undecided (${d.error.kind}${'message' in d.error ? `: ${d.error.message}` : ''})`;
}

/** Audits the files under the given roots; returns the problems found (none: the audit passes). */
export async function audit(
  repoRoot: string,
  roots = AUDITED_ROOTS,
): Promise<{ checked: number; findings: AuditFinding[] }> {
  const found: FoundRegex[] = [];
  for (const root of roots) {
    for (const f of sourceFiles(resolve(repoRoot, root))) {
      found.push(...findRegexes(relative(repoRoot, f), readFileSync(f, 'utf8')));
    }
  }
  const verdicts = new Map<string, Promise<string | null>>();
  const findings: AuditFinding[] = [];
  for (const r of found) {
    if (r.source === null) {
      if (!r.waiver)
        findings.push({
          ...r,
          problem: 'a RegExp built from a value: say why it is safe with `// regex-audit: <reason>`',
        });
      continue;
    }
    const key = `/${r.source}/${r.flags}`;
    if (!verdicts.has(key)) verdicts.set(key, problemOf(r.source, r.flags));
  }
  for (const r of found) {
    if (r.source === null) continue;
    const problem = await verdicts.get(`/${r.source}/${r.flags}`);
    if (problem) findings.push({ ...r, problem });
  }
  return { checked: verdicts.size, findings };
}

async function main(): Promise<void> {
  const started = Date.now();
  const { checked, findings } = await audit(process.cwd());
  for (const f of findings) console.error(`${f.file}:${f.line}: /${f.source ?? '…'}/${f.flags} — ${f.problem}`);
  const took = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`regex audit: ${checked} distinct patterns checked in ${took} s, ${findings.length} problem(s)`);
  process.exit(findings.length > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();
