import { eq, sql } from 'drizzle-orm';
import {
  discussions,
  minerals,
  notifications,
  pebbles,
  roles,
  userCertificates,
  userRoles,
  users,
  vaults,
} from '../../db/schema';
import { DEMO_PUBLIC_LINK, DEMO_USERS } from '../../db/seed/demo-data';
import { signIn } from '../../modules/accounts/accounts.service';
import { battleTrail } from '../fixtures/battles.fixtures';
import { createMediaApp, type MediaTestApp, multipart, png } from '../fixtures/media.fixtures';
import { customerIdOf, importTest, pkg } from '../fixtures/trails.fixtures';
import { bearer, login } from '../harness';

/** The actors of the matrix, in the order of every row's expected outcomes. */
export const ACTORS = ['anon', 'learner', 'peer', 'other', 'public', 'coach', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type Member = Exclude<Actor, 'anon'>;

/**
 * The world the matrix runs in: the seeded demo (Lena the learner, Rico her peer, the coach, Globex's user, a
 * public user of the demo link) plus objects owned by each, made through the API where the API makes them.
 */
export interface World {
  t: MediaTestApp;
  tokens: Record<Member, string>;
  /**
   * user ids; zed is a third Acme learner nobody else touches, gina a second Globex user. The coach is a coach and not
   * a customer admin; admin is Acme's customer admin (a coach with is_admin); other is Globex's customer admin.
   */
  users: Record<Member | 'zed' | 'gina', number>;
  trails: {
    /** demo trails, assigned to learner, rival and coach; exam is also the public link's trail */
    exam: number;
    survey: number;
    assessment: number;
    battle: number;
    /** assigned to the learner only */
    learnerOnly: number;
    /** Globex's, assigned to other */
    globex: number;
    globexBattle: number;
    /** a survey assigned to learner, rival, coach: answered by each, so each may reset it */
    resettable: number;
    /** a survey assigned to learner, rival and coach, for answering */
    common: number;
  };
  pebbles: { common: number; commonMineral: number; globex: number; globexMineral: number; rated: number };
  /** the shared (poll) mineral of the demo survey */
  poll: number;
  chats: { pair: number; team: number; company: number; learnerCoach: number; globex: number };
  messages: { pair: number; learnerCoach: number; globex: number; broadcast: number };
  /** publicAnswer: the public user's upload through POST /media (an answer's file) */
  media: {
    learner: number;
    other: number;
    shared: number;
    publicAnswer: number;
    learnerKey: string;
    /** the other customer's upload, never anyone's avatar: private */
    otherKey: string;
  };
  vaults: { learnerRoot: number; otherRoot: number; shared: number; globexShared: number };
  /** rival challenged learner on the demo battle trail */
  battle: number;
  notifications: { learner: number; other: number; coach: number };
  certificates: { learner: number; other: number };
  /** a fresh battle (new trail): rival challenged learner */
  freshBattle(): Promise<number>;
  /** a fresh upload of the owner's (into the shared Acme vault when 'shared', by the coach) */
  freshUpload(owner: Member | 'shared'): Promise<number>;
  /** a new session of the actor's own user (for logout) */
  freshSession(actor: Member): Promise<string>;
  /** a new user of the actor's kind (for destroy, deleteAccount) */
  freshUser(actor: Member): Promise<string>;
  /** a new refresh token of the learner */
  freshRefresh(): Promise<string>;
  /** answers the first pebble of `trail` as `who` (text mineral), ignoring refusals */
  answerFirst(who: Member, trailId: number): Promise<void>;
}

const RATED = `format: cairn-trail/1
name: Matrix rated tips
type: survey
tries: 0
coach: ${DEMO_USERS.coach.email}
pebbles:
  - name: A tip
    xp: 5
    is_rbo: true
    rbo_scale: emojis
    minerals:
      - { type: text_input, title: Your best tip }
`;

const textSurvey = (name: string) =>
  pkg({ type: 'survey', name }, [
    '  - name: First',
    '    xp: 5',
    '    minerals:',
    '      - { type: text_input, title: Say something }',
    '  - name: Second',
    '    xp: 5',
    '    minerals:',
    '      - { type: text_input, title: Say more }',
  ]);

async function ok<T>(what: string, p: Promise<{ statusCode: number; body: string; json(): T }>): Promise<T> {
  const res = await p;
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function buildWorld(extend?: Parameters<typeof createMediaApp>[1]): Promise<World> {
  const t = await createMediaApp({}, extend);
  const db = t.database.db;
  const app = t.app;
  const acme = await customerIdOf(t, 'Acme');
  const globex = await customerIdOf(t, 'Globex');
  const ttl = t.config;
  const [learnerRole] = await db.select().from(roles).where(eq(roles.name, 'learner'));
  const [coachRole] = await db.select().from(roles).where(eq(roles.name, 'coach'));

  let seq = 0;
  const emails = new Map<number, string>();
  async function makeUser(customerId: number, role: 'learner' | 'coach', first: string): Promise<number> {
    seq++;
    const email = `${first.toLowerCase()}-${seq}@matrix.example`;
    const [u] = await db
      .insert(users)
      .values({
        customerId,
        email,
        firstname: first,
        lastname: 'Matrix',
        isCoach: role === 'coach',
        termsAcceptedAt: new Date(),
      })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ userId: u.id, roleId: (role === 'coach' ? coachRole : learnerRole).id });
    emails.set(u.id, email);
    return u.id;
  }
  const session = async (userId: number) =>
    (await signIn(db, userId, { method: 'password', ip: '127.0.0.1' }, ttl)).data.access_token;
  const publicLogin = async () =>
    (
      await ok<{ data: { access_token: string } }>(
        'public login',
        app.inject({ method: 'POST', url: `/api/public/login/${DEMO_PUBLIC_LINK}` }),
      )
    ).data.access_token;

  // the demo coach stays a coach but is no customer admin here: the matrix's admin actor is Acme's admin, and Globex's
  // user is Globex's admin, so every admin route is proven refused to a plain coach and to another customer's admin
  await db.update(users).set({ isAdmin: false }).where(eq(users.email, DEMO_USERS.coach.email));
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, DEMO_USERS.other.email));
  const adminId = await makeUser(acme, 'coach', 'Ada');
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, adminId));

  const members = {
    learner: await login(app, DEMO_USERS.learner.email, DEMO_USERS.learner.password),
    peer: await login(app, DEMO_USERS.rival.email, DEMO_USERS.rival.password),
    other: await login(app, DEMO_USERS.other.email, DEMO_USERS.other.password),
    coach: await login(app, DEMO_USERS.coach.email, DEMO_USERS.coach.password),
  };
  const tokens = {
    learner: members.learner.access_token,
    peer: members.peer.access_token,
    other: members.other.access_token,
    coach: members.coach.access_token,
    admin: await session(adminId),
    public: '',
  } as Record<Member, string>;
  const idOf = async (token: string) =>
    (await ok<{ data: { id: number } }>('profile', app.inject({ url: '/api/user/profile', headers: bearer(token) })))
      .data.id;
  const as = (who: Member) => bearer(tokens[who]);

  // the rated answer first, while the Acme learners are only the demo's (the peer asked is one of them)
  const ratedTrail = await importTest(t, RATED, {
    assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email],
  });
  const firstPebble = async (trailId: number) => {
    const [p] = await db.select().from(pebbles).where(eq(pebbles.trailId, trailId)).orderBy(pebbles.position);
    const [m] = await db.select().from(minerals).where(eq(minerals.pebbleId, p.id));
    return { pebble: p.id, mineral: m.id };
  };
  const rated = await firstPebble(ratedTrail);
  await ok(
    'rated answer',
    app.inject({
      method: 'POST',
      url: `/api/pebbles/${rated.pebble}`,
      headers: as('peer'),
      payload: { answers: [{ id: rated.mineral, value: 'Ask early' }] },
    }),
  );

  tokens.public = await publicLogin();
  const ids = {
    learner: await idOf(tokens.learner),
    peer: await idOf(tokens.peer),
    other: await idOf(tokens.other),
    coach: await idOf(tokens.coach),
    admin: adminId,
    public: await idOf(tokens.public),
    zed: await makeUser(acme, 'learner', 'Zed'),
    gina: await makeUser(globex, 'learner', 'Gina'),
  };
  // the learner is asked to rate the peer's answer whoever the importer picked
  await db.execute(
    sql`insert into rbo_requests (pebble_id, player_id, rater_id) values (${rated.pebble}, ${ids.peer}, ${ids.learner}) on conflict do nothing`,
  );

  const trailIds = async () => {
    const rows = await db.execute<{ id: number; name: string }>(sql`select id, name from trails`);
    return new Map(rows.rows.map((r) => [r.name, r.id]));
  };
  const named = await trailIds();
  const demo = (name: string) => {
    const id = named.get(name);
    if (!id) throw new Error(`no demo trail ${name}`);
    return id;
  };
  const acmeTrio = [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email];
  const zedEmail = emails.get(ids.zed)!;
  const ginaEmail = emails.get(ids.gina)!;
  const trails: World['trails'] = {
    exam: demo('Demo exam'),
    survey: demo('Workplace survey'),
    assessment: demo('Listening style assessment'),
    battle: await battleTrail(t, [...acmeTrio, zedEmail], 2, 'Matrix battle'),
    learnerOnly: await importTest(t, textSurvey('Matrix learner only'), { assign: [DEMO_USERS.learner.email] }),
    globex: await importTest(t, textSurvey('Matrix Globex'), {
      customerId: globex,
      assign: [DEMO_USERS.other.email, ginaEmail],
    }),
    globexBattle: await importTest(
      t,
      pkg({ type: 'battle', name: 'Matrix Globex battle' }, [
        '  - name: Q1',
        '    xp: 10',
        '    minerals:',
        '      - { type: sa_text, title: Q, values: [wrong, { value: right, correct: true }] }',
      ]),
      { customerId: globex, assign: [DEMO_USERS.other.email, ginaEmail] },
    ),
    resettable: await importTest(t, textSurvey('Matrix resettable'), { assign: acmeTrio }),
    common: await importTest(t, textSurvey('Matrix common'), { assign: acmeTrio }),
  };
  const common = await firstPebble(trails.common);
  const globexP = await firstPebble(trails.globex);

  async function answerFirst(who: Member, trailId: number) {
    const p = await firstPebble(trailId);
    await app.inject({
      method: 'POST',
      url: `/api/pebbles/${p.pebble}`,
      headers: as(who),
      payload: { answers: [{ id: p.mineral, value: 'an answer' }] },
    });
  }
  for (const who of ['learner', 'peer', 'coach'] as const) await answerFirst(who, trails.resettable);

  // the demo survey's shared (poll) mineral
  const [pollRow] = await db
    .select({ id: minerals.id })
    .from(minerals)
    .innerJoin(pebbles, eq(pebbles.id, minerals.pebbleId))
    .where(sql`${pebbles.trailId} = ${trails.survey} and ${minerals.shared} = true`);

  // chats: the seeded ones by kind, and new ones made by posting
  const disc = await db.select().from(discussions);
  const seeded = (type: string) => {
    const d = disc.find((x) => x.type === type && x.customerId === acme);
    if (!d) throw new Error(`no seeded ${type} discussion`);
    return d.id;
  };
  type Sent = { data: { id: number; discussion_id: number } };
  const post = (who: Member, payload: Record<string, unknown>, url = '/api/messages') =>
    ok<Sent>(`post ${url}`, app.inject({ method: 'POST', url, headers: as(who), payload }));
  const pairId = seeded('individual');
  const pairMsg = await post('learner', { discussion_id: pairId, body: 'Hello Rico' });
  const lc = await post('learner', { user_id: ids.coach, body: 'Hello coach' });
  const gl = await post('other', { user_id: ids.gina, body: 'Hello Gina' });
  const companyId = seeded('company');
  const bc = await post('coach', { discussion_id: companyId, body: 'Announcement' }, '/api/broadcasts');
  const chats = {
    pair: pairId,
    team: seeded('team'),
    company: companyId,
    learnerCoach: lc.data.discussion_id,
    globex: gl.data.discussion_id,
  };
  const messages = { pair: pairMsg.data.id, learnerCoach: lc.data.id, globex: gl.data.id, broadcast: bc.data.id };

  // vaults and media
  const [sharedVault] = await db
    .insert(vaults)
    .values({ customerId: acme, userId: null, name: 'Matrix shared' })
    .returning();
  const [globexShared] = await db
    .insert(vaults)
    .values({ customerId: globex, userId: null, name: 'Globex shared' })
    .returning();
  const image = await png(40, 30);
  type Uploaded = { data: { id: number }[] };
  async function upload(who: Member, parentId?: number): Promise<number> {
    const parts = [{ name: 'files[]', filename: 'pic.png', content: image, type: 'image/png' }] as Parameters<
      typeof multipart
    >[0];
    if (parentId) parts.unshift({ name: 'parent_id', value: String(parentId) });
    const mp = multipart(parts);
    const res = await ok<Uploaded>(
      'upload',
      app.inject({ method: 'POST', url: '/api/vaults', headers: { ...as(who), ...mp.headers }, payload: mp.payload }),
    );
    return res.data[0].id;
  }
  const root = async (who: Member) =>
    (
      await ok<{ data: { id: number; shared: boolean }[] }>(
        'vaults',
        app.inject({ url: '/api/vaults', headers: as(who) }),
      )
    ).data.find((v) => !v.shared)!.id;
  const learnerMedia = await upload('learner');
  const [keyRow] = await db
    .execute<{ storage_key: string }>(sql`select storage_key from media where id = ${learnerMedia}`)
    .then((r) => r.rows);
  const media = {
    learner: learnerMedia,
    other: await upload('other'),
    shared: await upload('coach', sharedVault.id),
    publicAnswer: await (async () => {
      // a public user uploads only what their link's trail asks for: the exam asks for a photo while they upload
      const asked = await db.execute<{ id: number }>(sql`
        insert into minerals (pebble_id, position, type, title)
        select p.id, 99, 'image_input', 'Photo' from pebbles p join public_links l on l.trail_id = p.trail_id
        where l.id = ${DEMO_PUBLIC_LINK} order by p.position limit 1
        returning id`);
      const mp = multipart([{ name: 'file', filename: 'answer.png', content: image, type: 'image/png' }]);
      const res = await ok<{ id: number }>(
        'public upload',
        app.inject({ method: 'POST', url: '/media', headers: { ...as('public'), ...mp.headers }, payload: mp.payload }),
      );
      await db.execute(sql`delete from minerals where id = ${asked.rows[0].id}`);
      return res.id;
    })(),
    learnerKey: keyRow.storage_key,
    otherKey: '',
  };
  media.otherKey = (
    await db.execute<{ storage_key: string }>(sql`select storage_key from media where id = ${media.other}`)
  ).rows[0].storage_key;
  const vaultIds = {
    learnerRoot: await root('learner'),
    otherRoot: await root('other'),
    shared: sharedVault.id,
    globexShared: globexShared.id,
  };

  // a battle rival → learner on the matrix battle trail
  const challenge = (who: Member, trailId: number, userId: number) =>
    ok<{ data: { id: number } }>(
      'challenge',
      app.inject({
        method: 'POST',
        url: `/api/game/challenge/${trailId}`,
        headers: as(who),
        payload: { user_id: userId },
      }),
    );
  const battle = (await challenge('peer', trails.battle, ids.learner)).data.id;

  // notifications and certificates of the learner and of Globex's user
  const note = async (userId: number) =>
    (await db.insert(notifications).values({ userId, event: 'NOTIFY_MATRIX', data: {} }).returning())[0].id;
  const cert = async (userId: number, trailId: number) =>
    (await db.insert(userCertificates).values({ userId, trailId, title: 'Matrix certificate' }).returning())[0].id;

  return {
    t,
    tokens,
    users: ids,
    trails,
    pebbles: {
      common: common.pebble,
      commonMineral: common.mineral,
      globex: globexP.pebble,
      globexMineral: globexP.mineral,
      rated: rated.pebble,
    },
    poll: pollRow.id,
    chats,
    messages,
    media,
    vaults: vaultIds,
    battle,
    notifications: { learner: await note(ids.learner), other: await note(ids.other), coach: await note(ids.coach) },
    certificates: { learner: await cert(ids.learner, trails.exam), other: await cert(ids.other, trails.globex) },
    async freshBattle() {
      const trail = await battleTrail(t, acmeTrio, 1, `Matrix battle ${++seq}`);
      return (await challenge('peer', trail, ids.learner)).data.id;
    },
    freshUpload: (owner) => (owner === 'shared' ? upload('coach', sharedVault.id) : upload(owner)),
    freshSession: (actor) => session(ids[actor]),
    async freshUser(actor) {
      if (actor === 'public') return publicLogin();
      if (actor === 'other') return session(await makeUser(globex, 'learner', 'Gus'));
      if (actor === 'coach') return session(await makeUser(acme, 'coach', 'Cora'));
      if (actor === 'admin') {
        const id = await makeUser(acme, 'coach', 'Adam');
        await db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
        return session(id);
      }
      return session(await makeUser(acme, 'learner', actor === 'learner' ? 'Lea' : 'Ron'));
    },
    async freshRefresh() {
      return (await signIn(db, ids.learner, { method: 'password' }, ttl)).data.refresh_token;
    },
    answerFirst,
  };
}
