import type { AppNotification, NotificationsPage } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { createNotification, NOTIFY_CERTIFICATE, NOTIFY_REWARD } from './notifications.service';

let t: TestApp;
let learner: { token: string; id: number };
let rival: { token: string; id: number };
let rivalNotification: number;

async function signIn(email: string, password: string) {
  const { access_token } = await login(t.app, email, password);
  const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) });
  return { token: access_token, id: res.json().data.id as number };
}

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const page = async (token: string, n: number) => {
  const res = await get(token, `/api/notificationsAll/${n}`);
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationsPage;
};
const profileCounter = async (token: string) =>
  (await get(token, '/api/user/profile')).json().data.notifications as Record<string, number>;

const reward = (n: number) => ({ rewards: [n], trail_id: n, trail: `Trail ${n}` });
const certificate = (n: number) => {
  const pdf = `/files/pdfs/certificate-${n}.pdf`;
  return { certificates: [n], name: `Certificate ${n}`, file: pdf, pdf, trail_id: n, trail: `Trail ${n}` };
};

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn('learner@example.com', 'learner123');
  rival = await signIn('rival@example.com', 'rival123');
  // 17 for the learner, one at a time so created_at orders them (n = 1 oldest … 17 newest)
  // (n is the data's trail_id: each kind's data has its shape in the shared map)
  for (let n = 1; n <= 17; n++) {
    if (n % 2) await createNotification(t.database.db, learner.id, NOTIFY_REWARD, reward(n));
    else await createNotification(t.database.db, learner.id, NOTIFY_CERTIFICATE, certificate(n));
  }
  rivalNotification = await createNotification(t.database.db, rival.id, NOTIFY_REWARD, reward(99));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/notificationsAll/{page}', () => {
  it('pages the own notifications by 15, newest first', async () => {
    const first = await page(learner.token, 1);
    expect(first.meta.pagination).toEqual({ total: 17, total_pages: 2, current_page: 1, per_page: 15 });
    expect(first.unread).toBe(17);
    expect(first.data).toHaveLength(15);
    expect(first.data.map((d) => d.data.trail_id)).toEqual([17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const n17 = first.data[0] as AppNotification;
    expect(n17).toMatchObject({ event: NOTIFY_REWARD, read_at: null });
    expect(new Date(n17.created_at).toISOString()).toBe(n17.created_at);

    const second = await page(learner.token, 2);
    expect(second.meta.pagination).toMatchObject({ total: 17, total_pages: 2, current_page: 2 });
    expect(second.data.map((d) => d.data.trail_id)).toEqual([2, 1]);
    expect((await page(learner.token, 3)).data).toEqual([]);
  });

  it("lists only the caller's own and refuses another user's notification", async () => {
    const rivals = await page(rival.token, 1);
    expect(rivals.data.map((d) => d.id)).toEqual([rivalNotification]);
    expect(rivals.meta.pagination.total).toBe(1);
    const learners = [...(await page(learner.token, 1)).data, ...(await page(learner.token, 2)).data];
    expect(learners.some((d) => d.id === rivalNotification)).toBe(false);

    const res = await get(learner.token, `/api/notifications/${rivalNotification}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await page(rival.token, 1)).unread).toBe(1);
  });

  it('refuses a bad page and an anonymous caller', async () => {
    expect((await get(learner.token, '/api/notificationsAll/0')).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/notificationsAll/1' })).statusCode).toBe(401);
  });

  it('marking one read decrements the unread count and the profile counter', async () => {
    // chats: 0, the seeded unread announcements are not repliable, so not shown to the learner (§6, docs/chat.md)
    expect(await profileCounter(learner.token)).toEqual({ home: 4, me: 0, chats: 0, notifications: 17 });
    const before = await page(learner.token, 1);
    const target = before.data[2];

    const res = await get(learner.token, `/api/notifications/${target.id}`);
    expect(res.statusCode).toBe(200);
    const read = res.json().data as AppNotification;
    expect(read.id).toBe(target.id);
    expect(read.read_at).not.toBeNull();

    const after = await page(learner.token, 1);
    expect(after.unread).toBe(16);
    expect(after.data[2].read_at).toBe(read.read_at);
    expect(await profileCounter(learner.token)).toEqual({ home: 4, me: 0, chats: 0, notifications: 16 });

    // reading it again keeps the first read time and the count
    const again = (await get(learner.token, `/api/notifications/${target.id}`)).json().data as AppNotification;
    expect(again.read_at).toBe(read.read_at);
    expect((await page(learner.token, 1)).unread).toBe(16);
    expect((await profileCounter(rival.token)).notifications).toBe(1);
  });
});

describe('notification data read back by its kind', () => {
  it('lists a notification whose stored data does not fit its kind generically (its event, empty data)', async () => {
    const other = await signIn('other@example.com', 'other123');
    // written past createNotification (whose types refuse these): a row from before a kind's shape changed, or a bug
    const stored = async (event: string, data: Record<string, unknown>) =>
      (await t.database.db.insert(notifications).values({ userId: other.id, event, data }).returning())[0].id;
    const fits = await createNotification(t.database.db, other.id, NOTIFY_REWARD, reward(7));
    const badType = await stored('NOTIFY_BATTLE', { type: 'nope', battle_id: 1, trail_id: 1, trail: 'x' });
    const badField = await stored(NOTIFY_CERTIFICATE, { ...certificate(8), pdf: 42 });
    const unknown = await stored('NOTIFY_SOMETHING_NEW', { trail_id: 3 });
    const extra = await stored(NOTIFY_REWARD, { ...reward(9), secret: 'not of this kind' });

    const listed = await page(other.token, 1);
    expect(listed.meta.pagination.total).toBe(5);
    expect(listed.unread).toBe(5);
    const byId = new Map(listed.data.map((d) => [d.id, d]));
    expect(byId.get(fits)).toMatchObject({ event: NOTIFY_REWARD, data: reward(7) });
    expect(byId.get(badType)).toMatchObject({ event: 'NOTIFY_BATTLE', data: {}, read_at: null });
    expect(byId.get(badField)).toMatchObject({ event: NOTIFY_CERTIFICATE, data: {} });
    expect(byId.get(unknown)).toMatchObject({ event: 'NOTIFY_SOMETHING_NEW', data: {} });
    // fields the kind does not have are not sent
    expect(byId.get(extra)?.data).toEqual(reward(9));

    const one = await get(other.token, `/api/notifications/${badType}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: badType, event: 'NOTIFY_BATTLE', data: {} });
    expect((await page(other.token, 1)).unread).toBe(4);
  });
});
