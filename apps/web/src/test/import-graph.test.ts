/// <reference types="node" />
// The import walls of `npm run lint` (scripts/import-graph.mjs, rules in .dependency-cruiser.cjs) refuse what they
// are meant to refuse: each case cruises a small tree written to a temporary folder, with the repository's rules.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImportGraph, groupCycles } from '../../../../scripts/import-graph.mjs';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** Writes the files (path → content) under a new temporary root and cruises its web and server sources. */
async function check(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const sources = ['apps/web/src', 'apps/server/src'].filter((s) => Object.keys(files).some((f) => f.startsWith(s)));
  return checkImportGraph(root, sources);
}

const WEB = 'apps/web/src';
/** Two features: a with a public face and a component of its own, b using a through its face. */
const CLEAN = {
  [`${WEB}/features/a/index.ts`]: "export { A } from './components/A';\n",
  [`${WEB}/features/a/components/A.ts`]: "import { helper } from '../../../lib/helper';\nexport const A = helper;\n",
  [`${WEB}/features/b/components/B.ts`]: "import { A } from '../../a';\nexport const B = A;\n",
  [`${WEB}/lib/helper.ts`]: 'export const helper = 1;\n',
  [`${WEB}/app/App.ts`]: "import { B } from '../features/b/components/B';\nexport const App = B;\n",
};

describe('import graph check', () => {
  it('accepts features that use each other through their public faces', async () => {
    expect(await check(CLEAN)).toEqual([]);
  });

  it("refuses an import into another feature's internals", async () => {
    const problems = await check({
      ...CLEAN,
      [`${WEB}/features/b/components/B.ts`]: "import { A } from '../../a/components/A';\nexport const B = A;\n",
    });
    expect(problems).toEqual([
      `web-feature-public-face: ${WEB}/features/b/components/B.ts -> ${WEB}/features/a/components/A.ts`,
    ]);
  });

  it('refuses a cycle between two features even when each import goes through a public face', async () => {
    const problems = await check({
      ...CLEAN,
      [`${WEB}/features/b/index.ts`]: 'export const b = 1;\n',
      [`${WEB}/features/a/components/Other.ts`]: "import { b } from '../../b';\nexport const other = b;\n",
    });
    expect(problems[0]).toBe('cycle between web features: a, b');
    expect(problems).toContain(`    a -> b, e.g. ${WEB}/features/a/components/Other.ts -> ${WEB}/features/b/index.ts`);
  });

  it('refuses a feature importing the app frame, and lib/ importing a feature', async () => {
    const problems = await check({
      ...CLEAN,
      [`${WEB}/features/a/components/A.ts`]: "import { App } from '../../../app/App';\nexport const A = App;\n",
      [`${WEB}/lib/helper.ts`]: "import { A } from '../features/a';\nexport const helper = A;\n",
    });
    expect(problems).toContain(`web-feature-not-into-app: ${WEB}/features/a/components/A.ts -> ${WEB}/app/App.ts`);
    expect(problems).toContain(`web-lib-ui-generic: ${WEB}/lib/helper.ts -> ${WEB}/features/a/index.ts`);
  });

  it('refuses a cycle between server modules', async () => {
    const problems = await check({
      'apps/server/src/modules/x/x.service.ts': "import { y } from '../y/y.service';\nexport const x = y;\n",
      'apps/server/src/modules/y/y.routes.ts': "import { x } from '../x/x.service';\nexport const routes = x;\n",
      'apps/server/src/modules/y/y.service.ts': 'export const y = 1;\n',
    });
    expect(problems).toEqual([
      'cycle between server modules: x, y',
      '    x -> y, e.g. apps/server/src/modules/x/x.service.ts -> apps/server/src/modules/y/y.service.ts',
      '    y -> x, e.g. apps/server/src/modules/y/y.routes.ts -> apps/server/src/modules/x/x.service.ts',
    ]);
  });

  it('leaves tests out of the cycles between groups', () => {
    const modules = [
      { source: 'f/a/one.ts', dependencies: [{ resolved: 'f/b/two.ts' }] },
      { source: 'f/b/test/two.test.ts', dependencies: [{ resolved: 'f/a/one.ts' }] },
    ];
    expect(groupCycles(modules, '^f/([^/]+)/', ['/test/'])).toEqual([]);
    expect(groupCycles(modules, '^f/([^/]+)/')).toHaveLength(1);
  });

  it('finds no offence in the web app itself', { timeout: 60_000 }, async () => {
    const repo = path.resolve(import.meta.dirname, '../../../..');
    expect(await checkImportGraph(repo, ['apps/web/src'])).toEqual([]);
  });
});
