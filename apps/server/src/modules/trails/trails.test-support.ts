import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerResponse, MineralAnswer, Pebble, Trail } from '@cairn/shared';

import { customers } from '../../db/schema';
import { bearer, type TestApp } from '../../test/harness';
import { type ImportOptions, importPackage } from '../content/content.import';

/** The folder of the demo packages, so test packages can use their media. */
export const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/demo');

/** The id of a demo customer by company prefix ('Acme', 'Globex'). */
export async function customerIdOf(t: TestApp, prefix: string): Promise<number> {
  const rows = await t.database.db.select().from(customers);
  const c = rows.find((r) => r.company.startsWith(prefix));
  if (!c) throw new Error(`no customer ${prefix}`);
  return c.id;
}

/** Imports a package text into the test database (media from the demo folder). */
export async function importTest(t: TestApp, text: string, opts: Partial<ImportOptions> = {}): Promise<number> {
  return importPackage(t.database.db, text, {
    baseDir: DEMO_DIR,
    filesDir: t.config.filesDir,
    customerId: opts.customerId ?? (await customerIdOf(t, 'Acme')),
    ...opts,
  });
}

/** A small YAML package: one pebble per mineral spec, each worth `xp`. */
export function pkg(
  opts: { type?: string; tries?: number; pass?: number; name?: string } = {},
  pebbles: string[] = [],
): string {
  return [
    'format: cairn-trail/1',
    `name: ${opts.name ?? 'Test trail'}`,
    `type: ${opts.type ?? 'exam'}`,
    `tries: ${opts.tries ?? 0}`,
    ...(opts.pass !== undefined ? [`pass_percent: ${opts.pass}`] : []),
    'pebbles:',
    ...pebbles,
  ].join('\n');
}

/** Player API calls for one signed-in user. */
export function player(t: TestApp, token: string) {
  const h = bearer(token);
  return {
    games: () => t.app.inject({ url: '/api/games', headers: h }),
    game: (id: number) => t.app.inject({ url: `/api/games/${id}`, headers: h }),
    reset: (id: number) => t.app.inject({ method: 'DELETE', url: `/api/games/reset/${id}`, headers: h }),
    current: (trailId: number, pebble?: number) =>
      t.app.inject({ url: `/api/pebbles/${trailId}${pebble ? `?pebble=${pebble}` : ''}`, headers: h }),
    answer: (pebbleId: number, answers: MineralAnswer[], action: 'next' | 'swipe' = 'next') =>
      t.app.inject({ method: 'POST', url: `/api/pebbles/${pebbleId}`, headers: h, payload: { answers, action } }),
    get: (url: string) => t.app.inject({ url, headers: h }),
    /** the current pebble's data, failing loudly */
    async pebble(trailId: number, pebble?: number): Promise<Pebble> {
      const res = await this.current(trailId, pebble);
      if (res.statusCode !== 200) throw new Error(`GET pebble ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    async trail(id: number): Promise<Trail> {
      const res = await this.game(id);
      if (res.statusCode !== 200) throw new Error(`GET game ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    async ok(pebbleId: number, answers: MineralAnswer[]): Promise<AnswerResponse> {
      const res = await this.answer(pebbleId, answers);
      if (res.statusCode !== 200) throw new Error(`POST pebble ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}

/** The option id whose value is `value` in the pebble's mineral k. */
export function optionId(p: Pebble, value: string, k = 0): number {
  const o = p.minerals[k].properties.values?.find((v) => v.value === value);
  if (!o) throw new Error(`no option ${value} in ${p.name}`);
  return o.id;
}

/** Looks up a trail id by name in the actor's list. */
export async function trailIdByName(t: TestApp, token: string, name: string): Promise<number> {
  const res = await player(t, token).games();
  const trail = (res.json().data as Trail[]).find((x) => x.name === name);
  if (!trail) throw new Error(`no trail ${name}`);
  return trail.id;
}
