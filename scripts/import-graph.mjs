#!/usr/bin/env node
// The import walls (issue 27): cruises apps/web/src and apps/server/src with dependency-cruiser, reports every
// break of the module rules in .dependency-cruiser.cjs (a feature reaching into another feature's internals,
// a feature importing app/, lib/ or ui/ importing a feature, a web module cycle) and every cycle between whole
// groups (web features, server modules: each folder collapsed to one node, tests aside). Chained into
// `npm run lint`; prints each offence and exits 1. `--root DIR` checks another tree (the tests use a fixture).
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCES = ['apps/web/src', 'apps/server/src'];

/** The cycles between groups: strongly connected components of the collapsed graph, each with one example import per edge. */
export function groupCycles(modules, pattern, testPaths = []) {
  const re = new RegExp(pattern);
  const tests = testPaths.map((t) => new RegExp(t));
  const edges = new Map(); // group -> Map(group -> example "from -> to")
  for (const m of modules) {
    const from = re.exec(m.source)?.[1];
    if (!from || tests.some((t) => t.test(m.source))) continue;
    for (const d of m.dependencies ?? []) {
      const to = re.exec(d.resolved)?.[1];
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} -> ${d.resolved}`);
    }
  }
  // Tarjan's strongly connected components
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length < 2) return;
    members.sort();
    const inside = new Set(members);
    const via = [];
    for (const a of members)
      for (const [b, example] of edges.get(a) ?? []) if (inside.has(b)) via.push({ from: a, to: b, example });
    cycles.push({ members, via });
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** Cruises `sources` under `root` with the config's rules; answers the offences as lines of text. */
export async function checkImportGraph(root = REPO, sources = SOURCES) {
  const config = require(path.join(REPO, '.dependency-cruiser.cjs'));
  const { output } = await cruise(sources, {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  const problems = [];
  for (const v of output.summary.violations) {
    const cycle = v.cycle?.length ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' -> ')})` : '';
    problems.push(`${v.rule.name}: ${v.from} -> ${v.to}${cycle}`);
  }
  for (const group of config.groups) {
    for (const c of groupCycles(output.modules, group.pattern, config.testPaths)) {
      problems.push(`cycle between ${group.name}: ${c.members.join(', ')}`);
      for (const e of c.via) problems.push(`    ${e.from} -> ${e.to}, e.g. ${e.example}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? path.resolve(process.argv[at + 1]) : REPO;
  const problems = await checkImportGraph(root);
  if (problems.length > 0) {
    console.error(`import graph: ${problems.filter((p) => !p.startsWith(' ')).length} offence(s)`);
    for (const p of problems) console.error(`  ${p}`);
    console.error('See .dependency-cruiser.cjs for each rule and why.');
    process.exit(1);
  }
  console.log('import graph: no offences (public faces, layers, no cycles between web features or server modules)');
}
