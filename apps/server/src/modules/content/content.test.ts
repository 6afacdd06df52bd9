import fs from 'node:fs/promises';
import path from 'node:path';
import { MINERAL_TYPES } from '@cairn/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minerals, pebbles, publicLinks, trailAssignments, trails, users } from '../../db/schema';
import { DEMO_PACKAGES } from '../../db/seed/demo-trails';
import { DEMO_DIR, importTest, pkg } from '../../test/fixtures/trails.fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { exportTrail, packageToYaml } from './content.export';
import { ContentError } from './content.import';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countTrails = async () => (await t.database.db.select({ n: count() }).from(trails))[0].n;
const countPebbles = async () => (await t.database.db.select({ n: count() }).from(pebbles))[0].n;

async function refusal(text: string, assign?: string[]): Promise<string[]> {
  try {
    await importTest(t, text, { assign });
  } catch (err) {
    if (err instanceof ContentError) return err.problems.map((p) => `${p.path}: ${p.message}`);
    throw err;
  }
  throw new Error('the package was accepted');
}

describe('demo seed', () => {
  it('imports the demo packages: every trail type and all 22 mineral types, media stored', async () => {
    const rows = await t.database.db
      .select({ type: minerals.type, trail: trails.type })
      .from(minerals)
      .innerJoin(pebbles, eq(pebbles.id, minerals.pebbleId))
      .innerJoin(trails, eq(trails.id, pebbles.trailId));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(MINERAL_TYPES));
    expect(new Set(rows.map((r) => r.trail))).toEqual(new Set(['exam', 'survey', 'assessment', 'battle']));
    const [exam] = await t.database.db.select().from(trails).where(eq(trails.name, 'Demo exam'));
    expect(exam.iconUrl).toMatch(/^\/files\/content\/[0-9a-f]{16}\/icon-exam\.png$/);
    await expect(fs.stat(path.join(t.config.filesDir, exam.iconUrl!.slice('/files/'.length)))).resolves.toBeTruthy();
  });

  it('keeps the public link `demo` on the full demo exam', async () => {
    const [link] = await t.database.db
      .select({ name: trails.name, n: count(pebbles.id) })
      .from(publicLinks)
      .innerJoin(trails, eq(trails.id, publicLinks.trailId))
      .leftJoin(pebbles, eq(pebbles.trailId, trails.id))
      .where(eq(publicLinks.id, 'demo'))
      .groupBy(trails.name);
    expect(link.name).toBe('Demo exam');
    expect(link.n).toBeGreaterThanOrEqual(5);
  });

  it('assigns the demo trails to Acme learner, rival and coach only', async () => {
    const rows = await t.database.db
      .selectDistinct({ email: users.email })
      .from(trailAssignments)
      .innerJoin(users, eq(users.id, trailAssignments.userId));
    expect(rows.map((r) => r.email).sort()).toEqual(['coach@example.com', 'learner@example.com', 'rival@example.com']);
  });
});

describe('content import', () => {
  it('imports a valid package with its assignees', async () => {
    const id = await importTest(
      t,
      pkg({ type: 'survey' }, [
        '  - name: Only',
        '    minerals:',
        '      - { type: text_input, title: Say something }',
      ]),
      { assign: ['rival@example.com'] },
    );
    const assigned = await t.database.db.select().from(trailAssignments).where(eq(trailAssignments.trailId, id));
    expect(assigned).toHaveLength(1);
  });

  it('refuses a bad package with every problem by path and imports nothing', async () => {
    const before = [await countTrails(), await countPebbles()];
    const bad = `
format: cairn-trail/1
name: Broken
type: exam
coach: nobody@example.com
rewards:
  - { key: r, title: R, unlock: { on: stage_completed, value: Nowhere } }
pebbles:
  - name: One
    minerals:
      - { type: sa_text, title: Q, values: [Only] }
  - name: Two
    minerals:
      - { type: sa_image, title: Pick, values: [{ value: A, media: media/missing.png }, { value: B }] }
      - { type: number_input, title: N, correct: abc }
      - { type: ma_text, title: M, select_limit: 5, values: [x, y] }
      - { type: sa_text, title: S, values: [{ value: a, correct: true }, { value: b, correct: true }] }
`;
    const problems = await refusal(bad, ['ghost@example.com']);
    expect(problems).toEqual(
      expect.arrayContaining([
        'pebbles[0].minerals[0].values: at least 2 options',
        'pebbles[1].minerals[0].values[1].media: a sa_image option needs an image file',
        'pebbles[1].minerals[0].values[0].media: media/missing.png: file not found',
        'pebbles[1].minerals[1].correct: not a valid number_input answer (numeric)',
        'pebbles[1].minerals[2].select_limit: more than the number of options',
        'pebbles[1].minerals[3].values: a single-answer mineral has at most 1 correct option',
        'rewards[0].unlock.value: stage_completed needs the name of a stage used by a pebble',
        'coach: no user nobody@example.com in this customer',
        '--assign: no user ghost@example.com in this customer',
      ]),
    );
    expect([await countTrails(), await countPebbles()]).toEqual(before);
  });

  it('fills only an empty trail: content is write-once', async () => {
    const full = await importTest(
      t,
      pkg({ name: 'Full' }, ['  - name: P', '    minerals:', '      - { type: text_input, title: T }']),
    );
    const before = [await countTrails(), await countPebbles()];
    await expect(
      importTest(
        t,
        pkg({ name: 'Again' }, ['  - name: Q', '    minerals:', '      - { type: text_input, title: U }']),
        {
          intoTrailId: full,
        },
      ),
    ).rejects.toThrow('--into: the trail has content already; import it as a new trail');
    expect([await countTrails(), await countPebbles()]).toEqual(before);
  });

  it('lists every schema problem by path', async () => {
    const problems = await refusal(`
format: cairn-trail/1
name: ''
type: quiz
pebbles:
  - name: P
    xp: -1
    minerals:
      - { type: sa_text, title: Q, values: [a, b], colour: red }
  - name: Q
    minerals: []
`);
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['name', 'type', 'pebbles[0].xp', 'pebbles[0].minerals[0]', 'pebbles[1].minerals']),
    );
  });

  it('refuses a redirect_url that is not http(s) (javascript:, data:), naming its path (issue 26)', async () => {
    const problems = await refusal(
      `${pkg({}, [
        '  - name: P',
        "    redirect_url: 'data:text/html,<script>alert(1)</script>'",
        '    minerals:',
        '      - { type: text_input, title: T }',
      ])}\nredirect_url: 'javascript:alert(document.cookie)'`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'redirect_url: an absolute http:// or https:// URL',
        'pebbles[0].redirect_url: an absolute http:// or https:// URL',
      ]),
    );
    expect(
      await refusal(`${pkg({}, ['  - name: P', '    minerals: []'])}\nredirect_url: https://example.com/done`),
    ).toEqual(['pebbles[0].minerals: at least 1 mineral']);
  });

  it('refuses media outside the package folder', async () => {
    const problems = await refusal(
      pkg({}, [
        '  - name: P',
        '    background: ../../package.json',
        '    minerals:',
        '      - { type: text_input, title: T }',
      ]),
    );
    expect(problems.join('\n')).toMatch(/pebbles\[0\]\.background: /);
  });

  it('exports a trail that imports back to the same package', async () => {
    for (const file of DEMO_PACKAGES) {
      const id = await importTest(t, await fs.readFile(path.join(DEMO_DIR, file), 'utf8'));
      const first = await exportTrail(t.database.db, id);
      const again = await importTest(t, packageToYaml(first!));
      expect(await exportTrail(t.database.db, again)).toEqual(first);
    }
  });
});
