import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AdminTrail, ClientToServerEvents, ServerToClientEvents } from '@cairn/shared';
import { zipSync } from 'fflate';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { multipart } from '../../test/fixtures/media.fixtures';
import { DEMO_DIR, player } from '../../test/fixtures/trails.fixtures';
import { bearer, countQueries, createTestApp, login, type TestApp } from '../../test/harness';

const GOOD = `format: cairn-trail/1
name: Safety basics
type: survey
tries: 0
pebbles:
  - name: Q1
    xp: 5
    minerals: [ { type: sa_text, title: Helmet?, values: [ 'yes', 'no' ] } ]
  - name: Q2
    xp: 5
    minerals: [ { type: sa_text, title: Gloves?, values: [ 'yes', 'no' ] } ]
`;
// two mistakes: an unknown mineral type, and xp that is no number
const BAD = GOOD.replace('type: sa_text, title: Helmet?', 'type: sa_textt, title: Helmet?').replace(
  'xp: 5\n    minerals: [ { type: sa_text, title: Gloves?',
  'xp: five\n    minerals: [ { type: sa_text, title: Gloves?',
);

let t: TestApp;
const tok: Record<'learner' | 'rival' | 'coach' | 'other', string> = { learner: '', rival: '', coach: '', other: '' };
const ids: Record<string, number> = {};
const h = (k: keyof typeof tok) => bearer(tok[k]);
const q = async <T>(text: string) => (await t.database.pool.query(text)).rows as T[];

function upload(who: keyof typeof tok | null, name: string, content: Buffer | string, query = '') {
  const mp = multipart([{ name: 'file', filename: name, content: Buffer.from(content) }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/trails${query}`,
    payload: mp.payload,
    headers: { ...mp.headers, ...(who ? h(who) : {}) },
  });
}
const call = (who: keyof typeof tok, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: h(who), ...(payload ? { payload } : {}) });
const trailCount = async () => Number((await q<{ n: string }>('select count(*) n from trails'))[0].n);
async function listed(id: number): Promise<AdminTrail> {
  const res = await call('coach', 'GET', '/api/admin/trails');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.find((x: AdminTrail) => x.id === id);
}
async function draft(name: string): Promise<number> {
  const res = await upload('coach', 'trail.yaml', GOOD.replace('Safety basics', name));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
async function published(name: string): Promise<number> {
  const id = await draft(name);
  expect((await call('coach', 'POST', `/api/admin/trails/${id}/publish`)).statusCode).toBe(200);
  return id;
}
const teamId = async () =>
  (await q<{ id: number }>("select id from discussions where type = 'team' order by id limit 1"))[0].id;
const gamesOf = async (who: keyof typeof tok) =>
  ((await player(t, tok[who]).games()).json().data as { id: number }[]).map((g) => g.id);

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) {
    tok[k] = (await login(t.app, DEMO_USERS[k].email, DEMO_USERS[k].password)).access_token;
    ids[k] = (await t.app.inject({ url: '/api/user/profile', headers: h(k) })).json().data.id;
  }
  // "other" administers their own customer: they still see nothing of Acme's
  await t.database.pool.query('update users set is_admin = true where id = $1', [ids.other]);
});
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('POST /api/admin/trails (upload)', () => {
  it('refuses a package with mistakes: every problem by path, the CLI text, nothing imported', async () => {
    const before = await trailCount();
    const res = await upload('coach', 'trail.yaml', BAD);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.message).toBe('refused: 2 problem(s), nothing imported');
    expect(Object.keys(body.errors)).toEqual(['pebbles[0].minerals[0].type', 'pebbles[1].xp']);
    expect(body.errors['pebbles[1].xp']).toEqual(['Invalid input: expected number, received string']);
    expect(await trailCount()).toBe(before);
  });

  it('a dry run checks a good package and imports nothing', async () => {
    const before = await trailCount();
    const res = await upload(
      'coach',
      'trail.json',
      JSON.stringify({
        format: 'cairn-trail/1',
        name: 'J',
        type: 'survey',
        pebbles: [{ name: 'P', minerals: [{ type: 'sa_text', title: 'T', values: ['a', 'b'] }] }],
      }),
      '?dry_run=1',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: null, name: 'J', type: 'survey', pebbles: 1 });
    expect(await trailCount()).toBe(before);
  });

  it('imports a good package as a draft, audited', async () => {
    const res = await upload('coach', 'trail.yml', GOOD);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().data;
    expect(await listed(id)).toMatchObject({
      name: 'Safety basics',
      state: 'draft',
      pebbles: 2,
      assigned: 0,
      links: [],
    });
    const [a] = await q<{ actor_id: number; ip: string }>(
      `select actor_id, ip from audit_log where action = 'trail.upload' and object_id = '${id}'`,
    );
    expect(a.actor_id).toBe(ids.coach);
    expect(a.ip).toBeTruthy();
  });

  it('imports a zip with its media; a zip escaping its folder or without a package is refused', async () => {
    const icon = await fs.readFile(path.join(DEMO_DIR, 'media/circle.png'));
    const zipped = zipSync({
      'pkg/trail.yaml': Buffer.from(GOOD.replace('tries: 0', 'tries: 0\nicon: media/circle.png')),
      'pkg/media/circle.png': icon,
    });
    const res = await upload('coach', 'trail.zip', Buffer.from(zipped));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await q<{ icon_url: string }>(`select icon_url from trails where id = ${res.json().data.id}`);
    expect(row.icon_url).toMatch(/^\/files\/content\/[0-9a-f]+\/circle\.png$/);

    const missing = zipSync({
      'trail.yaml': Buffer.from(GOOD.replace('tries: 0', 'tries: 0\nicon: media/circle.png')),
    });
    const r2 = await upload('coach', 'trail.zip', Buffer.from(missing));
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors.icon[0]).toMatch(/file not found/);

    const escaping = zipSync({ 'trail.yaml': Buffer.from(GOOD), '../../evil.png': icon });
    const r4 = await upload('coach', 'evil.zip', Buffer.from(escaping));
    expect(r4.statusCode).toBe(422);
    expect(r4.json().errors['(zip)']).toEqual(['../../evil.png: a path outside the package']);

    const empty = zipSync({ 'readme.txt': Buffer.from('hi') });
    const r3 = await upload('coach', 'p.zip', Buffer.from(empty));
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors['(zip)']).toEqual(['no package file (.yaml, .yml or .json) in the zip']);
  });

  it('answers 415 for a file that is no package, 413 for too large a text, 422 without a file, 415 for JSON', async () => {
    const before = await trailCount();
    expect((await upload('coach', 'trail.txt', GOOD)).statusCode).toBe(415);
    expect((await upload('coach', 'big.yaml', `# ${'x'.repeat(2 * 1024 * 1024)}\n${GOOD}`)).statusCode).toBe(413);
    const none = multipart([{ name: 'note', value: 'no file' }]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trails',
      payload: none.payload,
      headers: { ...none.headers, ...h('coach') },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.file).toBeDefined();
    expect((await call('coach', 'POST', '/api/admin/trails', { file: GOOD })).statusCode).toBe(415);
    expect(await trailCount()).toBe(before);
  });

  it('refuses anyone but the customer admin', async () => {
    const before = await trailCount();
    expect((await upload(null, 'trail.yaml', GOOD)).statusCode).toBe(401);
    expect((await upload('learner', 'trail.yaml', GOOD)).statusCode).toBe(403);
    const pub = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data.access_token;
    const mp = multipart([{ name: 'file', filename: 't.yaml', content: Buffer.from(GOOD) }]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trails',
      payload: mp.payload,
      headers: { ...mp.headers, ...bearer(pub) },
    });
    expect(r.statusCode).toBe(403);
    expect(await trailCount()).toBe(before);
    // another customer's admin imports into their own customer only
    const own = await upload('other', 'trail.yaml', GOOD.replace('Safety basics', 'Globex own'));
    expect(own.statusCode).toBe(201);
    expect(await listed(own.json().data.id)).toBeUndefined();
  });
});

describe('preview, publish, assign', () => {
  it('the admin previews a draft as themselves; publishing discards the preview', async () => {
    const id = await draft('Preview me');
    expect(await gamesOf('learner')).not.toContain(id);
    expect((await call('learner', 'POST', `/api/admin/trails/${id}/preview`)).statusCode).toBe(403);
    const res = await call('coach', 'POST', `/api/admin/trails/${id}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    const me = player(t, tok.coach);
    const p = await me.pebble(id);
    const option = p.minerals[0].properties.values![0].id;
    await me.ok(p.id, [{ id: p.minerals[0].id, options: [option] }]);
    expect(Number((await q<{ n: string }>(`select count(*) n from mineral_answers where trail_id = ${id}`))[0].n)).toBe(
      1,
    );
    expect((await listed(id)).assigned).toBe(0); // a preview is no assignment

    const pub = await call('coach', 'POST', `/api/admin/trails/${id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().data.state).toBe('published');
    for (const table of ['mineral_answers', 'pebble_states', 'trail_progress', 'trail_assignments'])
      expect(
        Number((await q<{ n: string }>(`select count(*) n from ${table} where trail_id = ${id}`))[0].n),
        table,
      ).toBe(0);
    expect((await call('coach', 'POST', `/api/admin/trails/${id}/publish`)).json().code).toBe('trail_state');
    expect((await call('coach', 'POST', `/api/admin/trails/${id}/preview`)).statusCode).toBe(409);
  });

  it('a draft cannot be assigned or shared', async () => {
    const id = await draft('Not yet');
    const r = await call('coach', 'POST', `/api/admin/trails/${id}/assignments`, { everyone: true });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('trail_state');
    expect((await call('coach', 'POST', `/api/admin/trails/${id}/links`)).statusCode).toBe(409);
    expect(
      Number((await q<{ n: string }>(`select count(*) n from trail_assignments where trail_id = ${id}`))[0].n),
    ).toBe(0);
  });

  it('assigns to a team with dates: its members get the trail; unassigning takes it away', async () => {
    const id = await published('For the team');
    const team = await teamId();
    const res = await call('coach', 'POST', `/api/admin/trails/${id}/assignments`, {
      team_ids: [team],
      starts_on: '2026-01-01',
      due_on: '2030-12-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.people).toBe(3); // Team Summit: coach, learner, rival
    const game = await player(t, tok.learner).trail(id);
    expect(game).toMatchObject({ starts_on: '2026-01-01', due_on: '2030-12-31' });
    expect(await gamesOf('other')).not.toContain(id);
    expect((await listed(id)).assigned).toBe(3);

    const un = await call('coach', 'DELETE', `/api/admin/trails/${id}/assignments`, { user_ids: [ids.learner] });
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json().data.people).toBe(1);
    expect(await gamesOf('learner')).not.toContain(id);
    expect(await gamesOf('rival')).toContain(id);
  });

  it("an assignment reaches the assignee's open Home live (COUNTERS), and so does unassigning", async () => {
    const id = await published('Live one');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const rival = await new Promise<(typeof sockets)[number]>((resolve, reject) => {
      const s = connect(base, {
        path: '/socket.io',
        auth: { token: tok.rival },
        transports: ['websocket'],
        forceNew: true,
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    const assigned = new Promise((r) => rival.once('COUNTERS', r));
    await call('coach', 'POST', `/api/admin/trails/${id}/assignments`, { user_ids: [ids.rival] });
    expect(await assigned).toEqual({});
    const unassigned = new Promise((r) => rival.once('COUNTERS', r));
    await call('coach', 'DELETE', `/api/admin/trails/${id}/assignments`, { user_ids: [ids.rival] });
    expect(await unassigned).toEqual({});
  });

  it('refuses bad targets and dates with field errors, assigning no one', async () => {
    const id = await published('Careful');
    const cases: [object, string][] = [
      [{}, 'user_ids'],
      [{ user_ids: [ids.other] }, 'user_ids'],
      [{ team_ids: [999999] }, 'team_ids'],
      [{ user_ids: [ids.learner], starts_on: '2026-02-30' }, 'starts_on'],
      [{ user_ids: [ids.learner], starts_on: '2026-03-02', due_on: '2026-03-01' }, 'due_on'],
      [{ user_ids: [ids.learner], due_on: 'tomorrow' }, 'due_on'],
    ];
    for (const [body, field] of cases) {
      const r = await call('coach', 'POST', `/api/admin/trails/${id}/assignments`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await listed(id)).assigned).toBe(0);
  });

  it("another customer's admin, a coach-learner and the anonymous cannot assign; Acme's trail is a 404 to Globex", async () => {
    const id = await published('Guarded');
    const body = { everyone: true };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/trails/${id}/assignments`, payload: body })).statusCode,
    ).toBe(401);
    expect((await call('learner', 'POST', `/api/admin/trails/${id}/assignments`, body)).statusCode).toBe(403);
    expect((await call('other', 'POST', `/api/admin/trails/${id}/assignments`, body)).statusCode).toBe(404);
    expect((await call('other', 'POST', `/api/admin/trails/${id}/retire`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/admin/trails/${id}/export`)).statusCode).toBe(404);
    expect((await listed(id)).assigned).toBe(0);
  });
});

describe('links, export, retire', () => {
  it('creates a public link that lets a visitor in, and revokes it', async () => {
    const id = await published('Shared');
    const res = await call('coach', 'POST', `/api/admin/trails/${id}/links`);
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json().data;
    expect(link.url).toBe(`/public/${link.id}`);
    expect((await listed(id)).links.map((l) => l.id)).toEqual([link.id]);
    const visitor = await t.app.inject({ method: 'POST', url: `/api/public/login/${link.id}` });
    expect(visitor.statusCode).toBe(200);
    expect((await call('learner', 'DELETE', `/api/admin/trails/${id}/links/${link.id}`)).statusCode).toBe(403);
    expect((await call('coach', 'DELETE', `/api/admin/trails/${id}/links/${link.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/public/login/${link.id}` })).statusCode).toBe(404);
    expect((await call('coach', 'DELETE', `/api/admin/trails/${id}/links/${link.id}`)).statusCode).toBe(404);
  });

  it('exports a trail as a package that imports again as a new trail', async () => {
    const id = await published('Round trip');
    const res = await call('coach', 'GET', `/api/admin/trails/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="round-trip-${id}.yaml"`);
    expect(res.body).toContain('name: Round trip');
    const again = await upload('coach', 'again.yaml', res.body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).not.toBe(id);
  });

  it('retires a trail: no new assignments, results kept, still played by who has it', async () => {
    const id = await published('Old one');
    await call('coach', 'POST', `/api/admin/trails/${id}/assignments`, { user_ids: [ids.learner] });
    const me = player(t, tok.learner);
    const p = await me.pebble(id);
    await me.ok(p.id, [{ id: p.minerals[0].id, options: [p.minerals[0].properties.values![0].id] }]);
    const res = await call('coach', 'POST', `/api/admin/trails/${id}/retire`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('retired');
    expect(
      (await call('coach', 'POST', `/api/admin/trails/${id}/assignments`, { user_ids: [ids.rival] })).statusCode,
    ).toBe(409);
    expect((await call('coach', 'POST', `/api/admin/trails/${id}/links`)).statusCode).toBe(409);
    expect((await call('coach', 'POST', `/api/admin/trails/${id}/retire`)).statusCode).toBe(409);
    expect(Number((await q<{ n: string }>(`select count(*) n from mineral_answers where trail_id = ${id}`))[0].n)).toBe(
      1,
    );
    expect(await gamesOf('learner')).toContain(id);
    // a seeded trail (imported by the CLI, no admin state) retires too
    const [seeded] = await q<{ id: number }>(
      `select t.id from trails t join customers c on c.id = t.customer_id where c.company like 'Acme%' and not exists (select 1 from trail_lifecycle l where l.trail_id = t.id) limit 1`,
    );
    expect((await call('coach', 'POST', `/api/admin/trails/${seeded.id}/retire`)).json().data.state).toBe('retired');
  });

  it('lists only the customer’s trails, in a fixed number of queries', async () => {
    const counter = countQueries(t.database.pool);
    try {
      await call('coach', 'GET', '/api/admin/trails');
      const few = counter.count;
      await published('One more');
      await call('coach', 'POST', `/api/admin/trails/${await draft('And a draft')}/preview`);
      counter.reset();
      await call('coach', 'GET', '/api/admin/trails');
      expect(counter.count).toBe(few);
    } finally {
      counter.restore();
    }
    const res = await call('other', 'GET', '/api/admin/trails');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((x: AdminTrail) => x.name);
    expect(names).toContain('Globex own');
    expect(names).not.toContain('Safety basics');
    expect((await call('learner', 'GET', '/api/admin/trails')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/trails' })).statusCode).toBe(401);
  });
});
