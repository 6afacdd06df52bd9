import type { Trail } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { plusDays, utcDay } from '../../lib/days';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { createTestApp, login, type TestApp } from '../../test/harness';
import { ContentError } from '../content/content.import';
import { runDateNotices } from './dates.jobs';

let t: TestApp;
let learner: ReturnType<typeof player>;
const today = utcDay();
const pair = [DEMO_USERS.learner.email, DEMO_USERS.rival.email];
const one = [
  '  - name: Only',
  '    minerals:',
  '      - { type: sa_text, title: Pick, values: [a, { value: b, correct: true }] }',
];

async function notices(userEmail: string, event: string) {
  const rows = await t.database.db.execute<{ data: { type: string; trails: { id: number; name: string }[] } }>(sql`
    select n.data from notifications n join users u on u.id = n.user_id
    where lower(u.email) = ${userEmail.toLowerCase()} and n.event = ${event} order by n.id`);
  return rows.rows.map((r) => r.data);
}

beforeAll(async () => {
  t = await createTestApp();
  const token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  learner = player(t, token);
  // the seeded demo assessment is due tomorrow for the demo users: clear it so the figures below are this file's
  await t.database.db.execute(sql`update trail_assignments set due_on = null, starts_on = null`);
});
afterAll(() => t.close());

describe('assignment dates', () => {
  it('a trail before its start day is listed with its dates but not playable (423 trail_not_started)', async () => {
    const id = await importTest(t, pkg({ name: 'Later trail' }, one), { assign: pair, startsOn: '+2', dueOn: '+9' });
    const listed = ((await learner.games()).json().data as Trail[]).find((x) => x.id === id);
    expect(listed).toMatchObject({ starts_on: plus(2), due_on: plus(9) });
    const pebble = await learner.current(id);
    expect(pebble.statusCode).toBe(423);
    expect(pebble.json().code).toBe('trail_not_started');
    const [first] = await t.database.db
      .execute<{ id: number }>(sql`select id from pebbles where trail_id = ${id}`)
      .then((r) => r.rows);
    const answer = await learner.answer(first.id, [{ id: 1, options: [1] }]);
    expect(answer.statusCode).toBe(423);
    expect(await count(sql`select count(*)::int as n from pebble_states where trail_id = ${id}`)).toBe(0);

    // on the start day it opens
    await t.database.db.execute(sql`update trail_assignments set starts_on = ${today}::date where trail_id = ${id}`);
    expect((await learner.current(id)).statusCode).toBe(200);
  });

  it('packages and the importer take dates or day counts; a due day before the start day is refused', async () => {
    const text = ['format: cairn-trail/1', 'name: Dated', 'type: exam', 'starts_on: 2030-01-02', 'due_on: "+3"'];
    const id = await importTest(t, [...text, 'pebbles:', ...one].join('\n'), { assign: pair, today: '2030-01-01' });
    const rows = await t.database.db.execute<{ s: string; d: string }>(
      sql`select starts_on::text as s, due_on::text as d from trail_assignments where trail_id = ${id} limit 1`,
    );
    expect(rows.rows[0]).toEqual({ s: '2030-01-02', d: '2030-01-04' });
    await expect(
      importTest(t, pkg({ name: 'Backwards' }, one), { assign: pair, startsOn: '2030-02-01', dueOn: '2030-01-01' }),
    ).rejects.toSatisfy((e: unknown) => e instanceof ContentError && e.problems.some((p) => p.path === 'due_on'));
    await expect(importTest(t, pkg({ name: 'Garbled' }, one), { assign: pair, dueOn: 'soon' })).rejects.toSatisfy(
      (e: unknown) => e instanceof ContentError && e.problems.some((p) => p.path === '--due-on'),
    );
  });
});

describe('due and start notices', () => {
  it('sends each notice once per user and day, however often and wherever the job runs', async () => {
    const dueTomorrow = await importTest(t, pkg({ name: 'Due tomorrow' }, one), { assign: pair, dueOn: '+1' });
    const dueToday = await importTest(t, pkg({ name: 'Due today' }, one), { assign: pair, dueOn: '0' });
    const startsToday = await importTest(t, pkg({ name: 'Starts today' }, one), { assign: pair, startsOn: '0' });
    const inTwo = await importTest(t, pkg({ name: 'Starts in two days' }, one), { assign: pair, startsOn: '+2' });
    // the learner completes the trail due today: no reminder for it
    const p = await learner.pebble(dueToday);
    expect((await learner.answer(p.id, [{ id: p.minerals[0].id, options: [optionId(p, 'b')] }])).statusCode).toBe(200);

    // two instances at once, then again later the same day
    await Promise.all([runDateNotices(t.database.db, today), runDateNotices(t.database.db, today)]);
    await runDateNotices(t.database.db, today);

    const due = await notices(DEMO_USERS.learner.email, 'DUE_DATE');
    expect(due).toEqual([{ type: 'one_day', trails: [{ id: dueTomorrow, name: 'Due tomorrow' }] }]);
    const start = await notices(DEMO_USERS.learner.email, 'START_DATE');
    expect(start.map((n) => n.type).sort()).toEqual(['two_days', 'zero_day']);
    expect(start.find((n) => n.type === 'zero_day')?.trails.map((x) => x.id)).toContain(startsToday);
    expect(start.find((n) => n.type === 'two_days')?.trails.map((x) => x.id)).toContain(inTwo);
    // the rival has not completed the trail due today: both due notices
    const rivalDue = await notices(DEMO_USERS.rival.email, 'DUE_DATE');
    expect(rivalDue.map((n) => n.type).sort()).toEqual(['one_day', 'zero_day']);
    expect(rivalDue.find((n) => n.type === 'zero_day')?.trails).toEqual([{ id: dueToday, name: 'Due today' }]);
    // coaches and other customers' users are not assigned: nothing for them
    expect(await notices(DEMO_USERS.other.email, 'DUE_DATE')).toEqual([]);

    // the next day is a new day: tomorrow's due trail is due "today" then
    await runDateNotices(t.database.db, plus(1));
    expect((await notices(DEMO_USERS.learner.email, 'DUE_DATE')).map((n) => n.type)).toEqual(['one_day', 'zero_day']);

    // the learner's notification list carries them
    const list = (await learner.get('/api/notificationsAll/1')).json().data as { event: string; data: unknown }[];
    expect(list.some((n) => n.event === 'DUE_DATE')).toBe(true);
  });

  it('two server instances scheduling the job (BullMQ with REDIS_URL, timers otherwise) send each notice once', async () => {
    // the data first, then two instances that schedule the job: a job that ran before the trail existed would
    // have sent today's notice without it (once per user and day), and BullMQ runs a new scheduler's first job at once
    const s = await createTestApp({ scheduleSeconds: 0 });
    try {
      await s.database.db.execute(sql`update trail_assignments set due_on = null, starts_on = null`);
      const id = await importTest(s, pkg({ name: 'Scheduled due' }, one), { assign: pair, dueOn: '+1' });
      const instances = await Promise.all(
        [0, 1].map(async () => {
          const database = createDatabase(s.config.databaseUrl!, { max: 2 });
          const app = await buildApp({ ...s.config, scheduleSeconds: 1 }, { database, logger: false });
          await app.ready();
          return { app, database };
        }),
      );
      try {
        // several periods on both instances
        await new Promise((r) => setTimeout(r, 3500));
      } finally {
        for (const i of instances) {
          await i.app.close();
          await i.database.close();
        }
      }
      const rows = await s.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from notifications n join users u on u.id = n.user_id
        where n.event = 'DUE_DATE' and lower(u.email) = ${DEMO_USERS.learner.email.toLowerCase()}
          and n.data->'trails' @> ${JSON.stringify([{ id }])}::jsonb`);
      expect(rows.rows[0].n).toBe(1);
    } finally {
      await s.close();
    }
  });
});

const plus = (days: number) => plusDays(today, days);

async function count(q: ReturnType<typeof sql>): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(q);
  return r.rows[0].n;
}
