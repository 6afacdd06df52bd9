import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import type { Database } from '../client';

/** What `npm run seed` builds: one customer with many learners and trails, to measure the coach view and boards. */
export interface ScaleOptions {
  learners: number;
  trails: number;
  /** trails each learner has started (some finished, some passed) */
  started: number;
  /** pebbles per trail (two stages) */
  pebbles: number;
  company: string;
}

export const SCALE_DEFAULTS: ScaleOptions = {
  learners: 10_000,
  trails: 100,
  started: 10,
  pebbles: 5,
  company: 'Initech',
};
/** The scale customer's sign-ins: the coach, and learner00001… with the same password. */
export const SCALE_PASSWORD = 'initech123';
export const scaleEmail = (company: string, who: string) =>
  `${who}@${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`;

const FIRST = ['Ada', 'Ben', 'Chloé', 'Dev', 'Eun-ji', 'Femi', 'Gita', 'Hugo', 'Iris', 'Jonas', 'Kai', 'Lucía'];
const LAST = ['Abara', 'Berg', 'Chen', 'Dubois', 'Estrada', 'Fischer', 'García', 'Haddad', 'Ivanova', 'Jensen'];

/**
 * Replaces the customer `company` (and everything of it) with `learners` learners, a coach, `trails` exam trails of
 * `pebbles` pebbles assigned to every learner, and progress on `started` trails per learner (answered pebbles with
 * a pass rate that varies by learner). Written in bulk with the score triggers off, then the tallies are rebuilt
 * once (cairn_rebuild_scores) — the same result the triggers give one answer at a time.
 */
export async function seedScale(database: Database, o: ScaleOptions): Promise<{ customerId: number; ms: number }> {
  const started = Date.now();
  const hash = await hashPassword(SCALE_PASSWORD);
  const domain = scaleEmail(o.company, 'x').split('@')[1];
  const customerId = await database.db.transaction(async (tx) => {
    const run = (q: ReturnType<typeof sql>) => tx.execute(q);
    // bulk rows without the per-row triggers; the tallies are rebuilt at the end
    await run(sql`set local session_replication_role = replica`);
    await run(sql`delete from users where email like ${`%@${domain}`}`);
    await run(sql`delete from customers where company = ${o.company}`);
    const [c] = (
      await run(sql`insert into customers (company, style) values (${o.company},
        ${JSON.stringify({ attributes: { color: '#2e7d32' }, colors: { color0: { r: 46, g: 125, b: 50 }, color2: { r: 27, g: 94, b: 32 } } })}::jsonb)
        returning id`)
    ).rows as { id: number }[];
    const customer = c.id;
    await run(sql`insert into users (customer_id, email, password_hash, firstname, lastname, is_coach, logins)
      values (${customer}, ${scaleEmail(o.company, 'coach')}, ${hash}, 'Casey', 'Coach', true, 1)`);
    await run(sql`insert into users (customer_id, email, password_hash, firstname, lastname, logins)
      select ${customer}, 'learner' || lpad(g::text, 5, '0') || '@' || ${domain}, ${hash},
             (string_to_array(${FIRST.join(',')}, ','))[1 + g % ${FIRST.length}],
             (string_to_array(${LAST.join(',')}, ','))[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g, 1
      from generate_series(1, ${o.learners}) g`);
    await run(sql`insert into user_roles (user_id, role_id)
      select u.id, r.id from users u join roles r on r.name = case when u.is_coach then 'coach' else 'learner' end
      where u.customer_id = ${customer}`);
    await run(sql`insert into trails (customer_id, name, type, tries_total, pass_percent)
      select ${customer}, 'Module ' || lpad(g::text, 3, '0'), 'exam', 0, 60 from generate_series(1, ${o.trails}) g`);
    await run(sql`insert into pebbles (trail_id, position, name, fa_icon, stage, xp)
      select t.id, p, 'Question ' || p, 'fa-question', case when p <= ${Math.ceil(o.pebbles / 2)} then 'A' else 'B' end, 10
      from trails t, generate_series(1, ${o.pebbles}) p where t.customer_id = ${customer}`);
    await run(sql`insert into minerals (pebble_id, position, type, title)
      select p.id, 1, 'sa_text', 'Is this right?' from pebbles p join trails t on t.id = p.trail_id
      where t.customer_id = ${customer}`);
    await run(sql`insert into mineral_options (mineral_id, position, value, correct)
      select m.id, o, case o when 1 then 'Yes' else 'No' end, o = 1
      from minerals m join pebbles p on p.id = m.pebble_id join trails t on t.id = p.trail_id, generate_series(1, 2) o
      where t.customer_id = ${customer}`);
    await run(sql`insert into trail_assignments (trail_id, user_id)
      select t.id, u.id from trails t, users u
      where t.customer_id = ${customer} and u.customer_id = ${customer} and not u.is_coach`);
    // learner k has started the trails k, k+1 … (mod trails), answered 1..pebbles of each, passing by a k-dependent rate
    await run(sql`with learners as (
        select u.id, row_number() over (order by u.id) as k from users u where u.customer_id = ${customer} and not u.is_coach),
      ts as (select t.id, row_number() over (order by t.id) - 1 as n from trails t where t.customer_id = ${customer}),
      picked as (
        select l.id as user_id, ts.id as trail_id, l.k, s
        from learners l cross join generate_series(0, ${o.started - 1}) s join ts on ts.n = (l.k + s) % ${o.trails})
      insert into trail_progress (user_id, trail_id, tries_used, started_at, completed_at)
      select user_id, trail_id, 0, now() - ((k + s) % 30) * interval '1 day',
             case when (k + s) % 3 = 0 then now() - ((k + s) % 30) * interval '1 day' + interval '1 hour' end
      from picked`);
    await run(sql`insert into pebble_states (user_id, pebble_id, trail_id, opened_at, answered_at, passed)
      select tp.user_id, p.id, p.trail_id, tp.started_at, tp.started_at + p.position * interval '1 minute',
             ((tp.user_id * 7 + p.position * 3) % 10) < 3 + (tp.user_id % 7)
      from trail_progress tp join trails t on t.id = tp.trail_id and t.customer_id = ${customer}
      join pebbles p on p.trail_id = tp.trail_id
      where tp.completed_at is not null or p.position <= 1 + (tp.user_id + tp.trail_id) % ${o.pebbles}`);
    return customer;
  });
  await database.db.execute(sql`select cairn_rebuild_scores()`);
  // the coach insight's captures and running sums, which the triggers keep one answer at a time (docs/insight.md)
  await database.db.execute(sql`select cairn_insight_rebuild()`);
  // statistics and the visibility map, as autovacuum would leave them after a while (index-only counts)
  await database.db.execute(sql`vacuum analyze`);
  return { customerId, ms: Date.now() - started };
}
