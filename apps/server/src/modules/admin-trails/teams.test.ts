import type { AddressInfo } from 'node:net';
import type { AdminTeam, ClientToServerEvents, Discussion, ServerToClientEvents } from '@cairn/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEAM_NAME } from '../../db/seed/demo-chats';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
const tok: Record<'learner' | 'rival' | 'coach' | 'other', string> = { learner: '', rival: '', coach: '', other: '' };
const ids: Record<string, number> = {};
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
const call = (
  who: keyof typeof tok | null,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? bearer(tok[who]) : {}, ...(payload ? { payload } : {}) });
const chatsOf = async (who: keyof typeof tok) =>
  ((await call(who, 'GET', '/api/chats')).json().data as Discussion[]).map((d) => d.name);
const audit = async (action: string) =>
  Number((await t.database.pool.query('select count(*) n from audit_log where action = $1', [action])).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) {
    tok[k] = (await login(t.app, DEMO_USERS[k].email, DEMO_USERS[k].password)).access_token;
    ids[k] = (await call(k, 'GET', '/api/user/profile')).json().data.id;
  }
  await t.database.pool.query('update users set is_admin = true where id = $1', [ids.other]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('/api/admin/teams', () => {
  it("lists the customer's teams with members and their admin", async () => {
    const res = await call('coach', 'GET', '/api/admin/teams');
    expect(res.statusCode, res.body).toBe(200);
    const summit = (res.json().data as AdminTeam[]).find((x) => x.name === DEMO_TEAM_NAME)!;
    expect(summit.members.map((m) => [m.id, m.admin]).sort()).toEqual(
      [
        [ids.coach, true],
        [ids.learner, false],
        [ids.rival, false],
      ].sort(),
    );
    const globex = await call('other', 'GET', '/api/admin/teams');
    expect((globex.json().data as AdminTeam[]).some((x) => x.name === DEMO_TEAM_NAME)).toBe(false);
  });

  it('creates a team: its members find its discussion in their chats, its admin labelled', async () => {
    const res = await call('coach', 'POST', '/api/admin/teams', {
      name: 'Night shift',
      member_ids: [ids.learner],
      admin_id: ids.rival,
    });
    expect(res.statusCode, res.body).toBe(201);
    const team: AdminTeam = res.json().data;
    expect(team.members.map((m) => [m.id, m.admin]).sort()).toEqual(
      [
        [ids.learner, false],
        [ids.rival, true],
      ].sort(),
    );
    expect(await chatsOf('learner')).toContain('Night shift');
    expect(await chatsOf('coach')).not.toContain('Night shift');
    const room = (await call('learner', 'GET', `/api/chats/${team.id}`)).json().data;
    expect(room.participants.find((p: { id: number }) => p.id === ids.rival)).toMatchObject({ owner: true });
    expect(await audit('team.create')).toBe(1);
  });

  it('renames a team and names its admin among its members only', async () => {
    const team: AdminTeam = (
      await call('coach', 'POST', '/api/admin/teams', { name: 'Day shift', member_ids: [ids.learner, ids.rival] })
    ).json().data;
    const renamed = await call('coach', 'PATCH', `/api/admin/teams/${team.id}`, {
      name: 'Early shift',
      admin_id: ids.learner,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Early shift');
    expect(renamed.json().data.members.find((m: { id: number }) => m.id === ids.learner).admin).toBe(true);
    expect(await chatsOf('rival')).toContain('Early shift');
    const bad = await call('coach', 'PATCH', `/api/admin/teams/${team.id}`, { admin_id: ids.coach });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.admin_id).toBeDefined();
    const blank = await call('coach', 'PATCH', `/api/admin/teams/${team.id}`, { name: '   ' });
    expect(blank.statusCode).toBe(422);
    const long = await call('coach', 'PATCH', `/api/admin/teams/${team.id}`, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    const none = await call('coach', 'PATCH', `/api/admin/teams/${team.id}`, { admin_id: null });
    expect(none.json().data.members.every((m: { admin: boolean }) => !m.admin)).toBe(true);
  });

  it('adds and removes members: the discussion follows, live', async () => {
    const team: AdminTeam = (
      await call('coach', 'POST', '/api/admin/teams', { name: 'Movers', member_ids: [ids.learner] })
    ).json().data;
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
    const joined = new Promise<{ discussion_id: number }>((r) => rival.once('CHATS_CHANGED', r));
    const add = await call('coach', 'POST', `/api/admin/teams/${team.id}/members`, { user_ids: [ids.rival] });
    expect(add.statusCode, add.body).toBe(200);
    expect(await joined).toEqual({ discussion_id: team.id });
    expect(await chatsOf('rival')).toContain('Movers');

    const left = new Promise<{ discussion_id: number }>((r) => rival.once('CHATS_CHANGED', r));
    const rm = await call('coach', 'DELETE', `/api/admin/teams/${team.id}/members/${ids.rival}`);
    expect(rm.statusCode, rm.body).toBe(200);
    expect(await left).toEqual({ discussion_id: team.id });
    expect(await chatsOf('rival')).not.toContain('Movers');
    expect((await call('rival', 'GET', `/api/chats/${team.id}`)).statusCode).not.toBe(200);
    expect((await call('coach', 'DELETE', `/api/admin/teams/${team.id}/members/${ids.rival}`)).statusCode).toBe(404);
  });

  it("refuses another customer's people as members, and nothing is created", async () => {
    const before = (await call('coach', 'GET', '/api/admin/teams')).json().data.length;
    const res = await call('coach', 'POST', '/api/admin/teams', {
      name: 'Mixed',
      member_ids: [ids.learner, ids.other],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.member_ids).toBeDefined();
    expect((await call('coach', 'GET', '/api/admin/teams')).json().data.length).toBe(before);
    const team: AdminTeam = (await call('coach', 'POST', '/api/admin/teams', { name: 'Pure' })).json().data;
    const add = await call('coach', 'POST', `/api/admin/teams/${team.id}/members`, { user_ids: [ids.other] });
    expect(add.statusCode).toBe(422);
    expect((await call('coach', 'POST', `/api/admin/teams/${team.id}/members`, { user_ids: [] })).statusCode).toBe(422);
  });

  it('deletes a team with its discussion', async () => {
    const team: AdminTeam = (
      await call('coach', 'POST', '/api/admin/teams', { name: 'Temporary', member_ids: [ids.learner] })
    ).json().data;
    expect((await call('coach', 'DELETE', `/api/admin/teams/${team.id}`)).statusCode).toBe(200);
    expect(await chatsOf('learner')).not.toContain('Temporary');
    expect((await call('coach', 'DELETE', `/api/admin/teams/${team.id}`)).statusCode).toBe(404);
    expect(await audit('team.delete')).toBe(1);
  });

  it('refuses everyone but the customer admin', async () => {
    const summit = ((await call('coach', 'GET', '/api/admin/teams')).json().data as AdminTeam[]).find(
      (x) => x.name === DEMO_TEAM_NAME,
    )!;
    expect((await call(null, 'GET', '/api/admin/teams')).statusCode).toBe(401);
    expect((await call('learner', 'GET', '/api/admin/teams')).statusCode).toBe(403);
    expect((await call('learner', 'POST', '/api/admin/teams', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call('rival', 'PATCH', `/api/admin/teams/${summit.id}`, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await call('other', 'PATCH', `/api/admin/teams/${summit.id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await call('other', 'DELETE', `/api/admin/teams/${summit.id}`)).statusCode).toBe(404);
    expect(
      (await call('other', 'POST', `/api/admin/teams/${summit.id}/members`, { user_ids: [ids.other] })).statusCode,
    ).toBe(404);
    const pub = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data.access_token;
    expect((await t.app.inject({ url: '/api/admin/teams', headers: bearer(pub) })).statusCode).toBe(403);
    expect(
      ((await call('coach', 'GET', '/api/admin/teams')).json().data as AdminTeam[]).some((x) => x.name === 'Hijacked'),
    ).toBe(false);
  });
});
