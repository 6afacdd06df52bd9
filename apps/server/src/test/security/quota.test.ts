import path from 'node:path';
import { errorBodySchema } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { DEMO_PUBLIC_LINK, DEMO_USERS } from '../../db/seed/demo-data';
import { createMediaApp, filesUnder, type MediaTestApp, multipart, pdf, png } from '../fixtures/media.fixtures';
import { bearer, login } from '../harness';

/**
 * Issue 26, item 7: uploads stop at the user's and the customer's storage quota (413 quota_exceeded), before the
 * disk fills (507 insufficient_storage while DISK_RESERVE_MB would not stay free, so the embedded PostgreSQL on the
 * same disk keeps room); and a public-link user uploads only what their trail's upload pebbles ask for.
 */
const KB = 1024;
const text = (kb: number) => Buffer.alloc(kb * KB, 0x61);

type App = MediaTestApp;
const upload = (t: App, token: string, filename: string, content: Buffer, url = '/media') => {
  const field = url === '/media' ? 'file' : 'files[]';
  const { payload, headers } = multipart([{ name: field, filename, content }]);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
};
const rows = async (t: App) => (await t.database.db.select({ id: media.id }).from(media)).length;
const stored = (t: App) => filesUnder(path.join(t.dir, 'files'));

describe('storage quotas', () => {
  let t: App;
  const tokens: Record<'learner' | 'rival' | 'coach', string> = { learner: '', rival: '', coach: '' };
  beforeAll(async () => {
    t = await createMediaApp({}, undefined, { quota: { userBytes: 100 * KB, customerBytes: 150 * KB } });
    for (const who of ['learner', 'rival', 'coach'] as const) {
      tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
    }
  });
  afterAll(() => t.close());

  it("refuses an upload past the user's quota with 413 quota_exceeded, leaving nothing stored", async () => {
    expect((await upload(t, tokens.learner, 'a.txt', text(60))).statusCode).toBe(200);
    const [before, files] = [await rows(t), await stored(t)];
    const res = await upload(t, tokens.learner, 'b.txt', text(60));
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'quota_exceeded' });
    expect(res.json().message).toMatch(/^Your storage quota of 100 KB is used up/);
    expect(await rows(t)).toBe(before);
    expect(await stored(t)).toEqual(files);
    // the vault's uploads count the same
    const vault = await upload(t, tokens.learner, 'c.txt', text(60), '/api/vaults');
    expect(vault.statusCode).toBe(413);
    expect(vault.json().code).toBe('quota_exceeded');
    // a small file still fits
    expect((await upload(t, tokens.learner, 'd.txt', text(10))).statusCode).toBe(200);
  });

  it("refuses an upload past the customer's quota, though the user's own has room", async () => {
    // Acme holds 70 KB of the learner's; rival adds 60 (130 of 150), then the coach's 60 would make 190
    expect((await upload(t, tokens.rival, 'r.txt', text(60))).statusCode).toBe(200);
    const before = await rows(t);
    const res = await upload(t, tokens.coach, 'c.txt', text(60));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'quota_exceeded', message: expect.stringMatching(/organisation/) });
    expect(await rows(t)).toBe(before);
  });

  it('counts live files only: deleting one frees its room', async () => {
    const mine = await t.database.db.execute<{ id: number }>(
      sql`select m.id from media m join users u on u.id = m.user_id
          where u.email = ${DEMO_USERS.rival.email} and m.deleted_at is null`,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${mine.rows[0].id}`,
      headers: bearer(tokens.rival),
    });
    expect(del.statusCode).toBe(200);
    expect((await upload(t, tokens.coach, 'c.txt', text(60))).statusCode).toBe(200);
  });
});

describe('disk reserve', () => {
  let t: App;
  let learner: string;
  beforeAll(async () => {
    // a reserve larger than any free space: the disk counts as full
    t = await createMediaApp({}, undefined, { diskReserveBytes: 16 * 1024 ** 4 });
    learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  });
  afterAll(() => t.close());

  it('refuses uploads with 507 insufficient_storage and stores nothing, on every upload route', async () => {
    const before = await rows(t);
    for (const url of ['/media', '/api/vaults']) {
      const res = await upload(t, learner, 'a.pdf', pdf(), url);
      expect(res.statusCode).toBe(507);
      expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'insufficient_storage' });
    }
    expect(await rows(t)).toBe(before);
    expect(await stored(t)).toEqual([]);
  });
});

describe('public-link users upload only what their trail asks for', () => {
  let t: App;
  let pub: string;
  let pubId: number;
  beforeAll(async () => {
    t = await createMediaApp();
    const res = await t.app.inject({ method: 'POST', url: `/api/public/login/${DEMO_PUBLIC_LINK}` });
    pub = res.json().data.access_token;
    const u = await t.database.db.execute<{ id: number }>(
      sql`select id from users where public_link_id = ${DEMO_PUBLIC_LINK} order by id desc limit 1`,
    );
    pubId = u.rows[0].id;
  });
  afterAll(() => t.close());

  const askForPhoto = () =>
    t.database.db.execute(sql`
      insert into minerals (pebble_id, position, type, title)
      select p.id, 99, 'image_input', 'Photo' from pebbles p join public_links l on l.trail_id = p.trail_id
      where l.id = ${DEMO_PUBLIC_LINK} order by p.position limit 1`);

  it('refuses every upload while the trail asks for none (403), and vault uploads and avatars always', async () => {
    const before = await rows(t);
    const res = await upload(t, pub, 'answer.png', await png(8, 8));
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).code).toBe('forbidden');
    expect((await upload(t, pub, 'answer.png', await png(8, 8), '/api/vaults')).statusCode).toBe(403);
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/vaults',
      headers: bearer(pub),
      payload: { name: 'Mine' },
    });
    expect(folder.statusCode).toBe(403);
    expect(await rows(t)).toBe(before);
  });

  it('takes as many files as upload minerals, of the kinds they ask for; deleting one frees its place', async () => {
    await askForPhoto();
    const pdfRes = await upload(t, pub, 'answer.pdf', pdf());
    expect(pdfRes.statusCode).toBe(415);
    expect(pdfRes.json().code).toBe('unsupported_media_type');
    const ok = await upload(t, pub, 'answer.png', await png(8, 8));
    expect(ok.statusCode).toBe(200);
    const second = await upload(t, pub, 'again.png', await png(8, 8));
    expect(second.statusCode).toBe(403);
    // the photo cannot become an avatar either
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/vaults/attach',
      headers: bearer(pub),
      payload: { vault_ids: [ok.json().id], relation: 'avatar', model: 'user', model_id: pubId },
    });
    expect(avatar.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/media/${ok.json().id}`, headers: bearer(pub) });
    expect(del.statusCode).toBe(200);
    expect((await upload(t, pub, 'again.png', await png(8, 8))).statusCode).toBe(200);
  });
});
