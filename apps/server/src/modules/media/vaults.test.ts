import path from 'node:path';
import { profileResponseSchema, vaultResponseSchema, vaultsResponseSchema } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, media, vaults } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import {
  createMediaApp,
  filesUnder,
  type MediaTestApp,
  multipart,
  type Part,
  pdf,
  png,
} from '../../test/fixtures/media.fixtures';
import { bearer, login } from '../../test/harness';

let t: MediaTestApp;
let learner: string;
let rival: string;
let coach: string;
let globex: string;
let learnerId: number;
beforeAll(async () => {
  t = await createMediaApp();
  const l = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
  learner = l.access_token;
  rival = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
  coach = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  globex = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
  learnerId = (await t.app.inject({ url: '/api/user/profile', headers: bearer(learner) })).json().data.id;
});
afterAll(() => t.close());

const roots = async (token: string) =>
  vaultsResponseSchema.parse((await t.app.inject({ url: '/api/vaults', headers: bearer(token) })).json()).data;
const uploadInto = (token: string, parentId: number | string | null, files: Part[]) => {
  const fields: Part[] = [{ name: 'type', value: 'file' }];
  if (parentId !== null) fields.unshift({ name: 'parent_id', value: String(parentId) });
  const { payload, headers } = multipart([...fields, ...files]);
  return t.app.inject({ method: 'POST', url: '/api/vaults', payload, headers: { ...headers, ...bearer(token) } });
};
const f = (filename: string, content: Buffer): Part => ({ name: 'files[]', filename, content });

describe('GET /api/vaults', () => {
  it('gives each user their own root, and the same one every time', async () => {
    const [a] = await roots(learner);
    const [again] = await roots(learner);
    const [b] = await roots(rival);
    expect(a.name).toBe('My vault');
    expect(a.shared).toBe(false);
    expect(again.id).toBe(a.id);
    expect(b.id).not.toBe(a.id);
  });
});

describe('POST /api/vaults', () => {
  it('uploads files into a folder; the first item of the answer is the new file', async () => {
    const [root] = await roots(learner);
    const res = await uploadInto(learner, root.id, [f('first.png', await png(40, 60)), f('second.pdf', pdf())]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((m: { title: string }) => m.title)).toEqual(['first', 'second']);
    expect(data[0]).toMatchObject({ type: 'image', metadata: { mimetype: 'image/png', isPortrait: true } });

    const page = await t.app.inject({ url: `/api/vaults/${root.id}?per_page=1&page=2`, headers: bearer(learner) });
    const body = vaultResponseSchema.parse(page.json());
    expect(body.meta.pagination).toEqual({ total: 2, total_pages: 2, page: 2, per_page: 1 });
    expect(body.data.descendants).toHaveLength(1);
    const noFiles = await t.app.inject({ url: `/api/vaults/${root.id}?descendants=0`, headers: bearer(learner) });
    expect(noFiles.json().data.descendants).toEqual([]);
  });

  it('creates a folder from a JSON body', async () => {
    const [root] = await roots(learner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vaults',
      headers: bearer(learner),
      payload: { name: 'Homework', parent_id: root.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Homework', parent_id: root.id, shared: false });
    const [after] = await roots(learner);
    expect(after.folders.map((x) => x.name)).toContain('Homework');
    const bad = await t.app.inject({ method: 'POST', url: '/api/vaults', headers: bearer(learner), payload: {} });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toBeDefined();
  });

  it("refuses another user's and another customer's vault, storing nothing", async () => {
    const [root] = await roots(learner);
    const before = await filesUnder(path.join(t.dir, 'files'));
    for (const token of [rival, globex]) {
      expect((await t.app.inject({ url: `/api/vaults/${root.id}`, headers: bearer(token) })).statusCode).toBe(404);
      const up = await uploadInto(token, root.id, [f('sneaky.png', await png(5, 5))]);
      expect(up.statusCode).toBe(404);
    }
    expect(await filesUnder(path.join(t.dir, 'files'))).toEqual(before);
  });

  it('lets everyone of the customer read a shared vault and only curators fill it', async () => {
    const [acme] = await t.database.db.select().from(customers).where(eq(customers.company, 'Acme Learning'));
    const [shared] = await t.database.db
      .insert(vaults)
      .values({ customerId: acme.id, userId: null, name: 'Company library' })
      .returning();
    const up = await uploadInto(coach, shared.id, [f('handbook.pdf', pdf())]);
    expect(up.statusCode).toBe(200);
    const id = up.json().data[0].id;

    const seen = await roots(learner);
    expect(seen.map((v) => v.name)).toEqual(['My vault', 'Company library']);
    expect(seen[1].descendants.map((m) => m.id)).toEqual([id]);
    expect((await t.app.inject({ url: `/api/media/${id}`, headers: bearer(learner) })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: bearer(learner) });
    expect(del.statusCode).toBe(403);
    expect((await uploadInto(learner, shared.id, [f('mine.pdf', pdf())])).statusCode).toBe(403);
    expect((await roots(globex)).map((v) => v.name)).toEqual(['My vault']);
    expect((await t.app.inject({ url: `/api/media/${id}`, headers: bearer(globex) })).statusCode).toBe(404);

    // a public user (anyone holding the public link) has their own files, never the shared vaults
    const pub = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data.access_token;
    expect((await roots(pub)).map((v) => v.name)).toEqual(['My vault']);
    expect((await t.app.inject({ url: `/api/vaults/${shared.id}`, headers: bearer(pub) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/media/${id}`, headers: bearer(pub) })).statusCode).toBe(404);
    const zip = await t.app.inject({ url: `/api/media/download?ids=${id}`, headers: bearer(pub) });
    expect(zip.statusCode).toBe(404);
    // and writes no vault files: their uploads are their answers (POST /media, quota.test.ts)
    expect((await uploadInto(pub, null, [f('answer.png', await png(8, 8))])).statusCode).toBe(403);
  });
});

describe('POST /api/vaults/attach', () => {
  const attach = (token: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/vaults/attach', headers: bearer(token), payload: body });

  it("sets the actor's avatar, which the profile then shows", async () => {
    const up = await uploadInto(learner, null, [f('me.png', await png(64, 64))]);
    const m = up.json().data[0];
    const res = await attach(learner, { vault_ids: [m.id], relation: 'avatar', model: 'user', model_id: learnerId });
    expect(res.statusCode).toBe(200);
    // a chosen avatar is shared: its URL carries no signature, and anyone may load it
    const shared = m.url.split('?')[0];
    expect(res.json().data.avatar).toEqual([{ id: m.id, url: shared }]);
    const profile = profileResponseSchema.parse(
      (await t.app.inject({ url: '/api/user/profile', headers: bearer(learner) })).json(),
    );
    expect(profile.data.avatar).toEqual([{ id: m.id, url: shared }]);
    const served = await t.app.inject({ url: shared });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=300');

    // deleting the image takes the avatar away
    await t.app.inject({ method: 'DELETE', url: `/api/media/${m.id}`, headers: bearer(learner) });
    const after = (await t.app.inject({ url: '/api/user/profile', headers: bearer(learner) })).json();
    expect(after.data.avatar).toEqual([]);
  });

  it('an image stops being shared when another avatar replaces it', async () => {
    const up = await uploadInto(learner, null, [f('a.png', await png(32, 32)), f('b.png', await png(32, 32))]);
    const [a, b] = up.json().data;
    await attach(learner, { vault_ids: [a.id], relation: 'avatar', model: 'user', model_id: learnerId });
    expect((await t.app.inject({ url: a.url.split('?')[0] })).statusCode).toBe(200);
    await attach(learner, { vault_ids: [b.id], relation: 'avatar', model: 'user', model_id: learnerId });
    expect((await t.app.inject({ url: a.url.split('?')[0] })).statusCode).toBe(403);
    expect((await t.app.inject({ url: a.url })).statusCode).toBe(200);
  });

  it("refuses someone else's user, someone else's file, and non-images", async () => {
    const mine = (await uploadInto(learner, null, [f('a.png', await png(8, 8))])).json().data[0];
    const doc = (await uploadInto(learner, null, [f('a.pdf', pdf())])).json().data[0];
    const theirs = (await uploadInto(rival, null, [f('b.png', await png(8, 8))])).json().data[0];
    const base = { relation: 'avatar', model: 'user' };
    expect((await attach(rival, { ...base, vault_ids: [mine.id], model_id: learnerId })).statusCode).toBe(403);
    const rivalId = (await t.app.inject({ url: '/api/user/profile', headers: bearer(rival) })).json().data.id;
    expect((await attach(rival, { ...base, vault_ids: [mine.id], model_id: rivalId })).statusCode).toBe(404);
    expect((await attach(learner, { ...base, vault_ids: [theirs.id], model_id: learnerId })).statusCode).toBe(404);
    expect((await attach(learner, { ...base, vault_ids: [mine.id], model_id: learnerId + 1 })).statusCode).toBe(403);
    expect((await attach(learner, { ...base, vault_ids: [doc.id], model_id: learnerId })).statusCode).toBe(403);
    const wrong = await attach(learner, { ...base, relation: 'cover', vault_ids: [mine.id], model_id: learnerId });
    expect(wrong.statusCode).toBe(422);
    const [row] = await t.database.db.select().from(media).where(eq(media.id, mine.id));
    expect(row.deletedAt).toBeNull();
  });
});
