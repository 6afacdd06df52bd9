import { importResponseSchema } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { multipart } from '../../test/fixtures/media.fixtures';
import { bearer, createTestApp, login, readMail, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

const HEADER = 'email,firstname,lastname,language,role,team';
const upload = (csv: string | Buffer, query = '', token = admin) => {
  const mp = multipart([{ name: 'file', filename: 'people.csv', content: Buffer.from(csv), type: 'text/csv' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/users/import${query}`,
    payload: mp.payload,
    headers: { ...mp.headers, ...bearer(token) },
  });
};
const people = async () =>
  Number((await t.app.db.execute<{ n: string }>(sql`select count(*) as n from users`)).rows[0].n);

describe('POST /api/admin/users/import', () => {
  it('reports every problem of a file by row and column, of five kinds, and imports nothing', async () => {
    const before = await people();
    const csv = [
      HEADER,
      'ok.one@example.com,Olga,One,en,learner,Blue',
      'not-an-address,Bad,Mail,en,learner,',
      'ok.one@example.com,Dup,Licate,de,learner,',
      `${DEMO_USERS.learner.email},Lena,Again,en,learner,`,
      'lang@example.com,Lang,Uage,klingon,learner,',
      'role@example.com,Role,Less,en,emperor,',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('import_invalid');
    const report = importResponseSchema.shape.data.parse(res.json().data);
    expect(report.problems.map((p) => [p.row, p.column, p.problem])).toEqual([
      [3, 'email', 'bad_email'],
      [4, 'email', 'duplicate_in_file'],
      [5, 'email', 'already_member'],
      [6, 'language', 'unknown_language'],
      [7, 'role', 'unknown_role'],
    ]);
    expect(report).toMatchObject({ rows: 6, created: 0, problem_count: 5 });
    expect(await people()).toBe(before);
  });

  it('reports a missing column of the first line', async () => {
    const res = await upload('email,firstname\nx@example.com,X\n');
    expect(res.statusCode).toBe(422);
    expect(res.json().data.problems.map((p: { column: string }) => p.column)).toEqual(['lastname', 'language', 'role']);
  });

  it('checks only with ?dry_run=1, creating nothing', async () => {
    const before = await people();
    const res = await upload(`${HEADER}\ndry@example.com,Dry,Run,en,learner,\n`, '?dry_run=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ dry_run: true, rows: 1, created: 0, problem_count: 0 });
    expect(await people()).toBe(before);
  });

  it('imports a good file: accounts, roles, teams, and invitations in each person’s language', async () => {
    const csv =
      '\ufeffEmail;Firstname;Lastname;Language;Role;Team\r\n' +
      'anna@example.com;Anna;"Ander; Sohn";de;learner;Blue\r\n' +
      'ben@example.com;Ben;Bell;;coach;blue\r\n' +
      'cleo@example.com;Cleo;Cole;zh-CN;admin;\r\n';
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ dry_run: false, rows: 3, created: 3 });
    const rows = (
      await t.app.db.execute<{
        email: string;
        lastname: string;
        language: string;
        is_admin: boolean;
        team: string;
      }>(sql`
        select u.email, u.lastname, u.language, u.is_admin,
          (select d.name from discussion_participants p join discussions d on d.id = p.discussion_id and d.type = 'team'
            where p.user_id = u.id) as team
        from users u where u.email in ('anna@example.com', 'ben@example.com', 'cleo@example.com') order by u.email`)
    ).rows;
    expect(rows).toEqual([
      { email: 'anna@example.com', lastname: 'Ander; Sohn', language: 'de', is_admin: false, team: 'Blue' },
      { email: 'ben@example.com', lastname: 'Bell', language: 'en', is_admin: false, team: 'Blue' },
      { email: 'cleo@example.com', lastname: 'Cole', language: 'zh_CN', is_admin: true, team: null },
    ]);
    await t.app.jobs.drain();
    await t.app.mailer.flush();
    expect(await readMail(t.config.outboxDir, 'anna@example.com')).toContain('Passwort festlegen');
    expect(await readMail(t.config.outboxDir, 'cleo@example.com')).toContain('/zh_CN/welcome/new?invitation=');
  });

  it('refuses over 50,000 rows and over 5 MB with 413, before any row is checked', async () => {
    const many = `${HEADER}\n${'a@example.com,A,B,en,learner,\n'.repeat(50_001)}`;
    const rows = await upload(many);
    expect(rows.statusCode).toBe(413);
    const big = `${HEADER}\n${`x@example.com,${'A'.repeat(5 * 1024 * 1024)},B,en,learner,\n`}`;
    const bytes = await upload(big);
    expect(bytes.statusCode).toBe(413);
  });

  it('refuses a body that is not multipart (415), a learner (403) and a missing file (422)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/import',
      payload: { file: 'x' },
      headers: bearer(admin),
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(`${HEADER}\n`, '', learner)).statusCode).toBe(403);
    const none = multipart([{ name: 'note', value: 'no file' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/import',
      payload: none.payload,
      headers: { ...none.headers, ...bearer(admin) },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('imports 10,000 rows in one transaction', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i++) lines.push(`bulk${i}@example.com,Bulk,Person ${i},en,learner,Bulk team ${i % 10}`);
    const before = await people();
    const res = await upload(lines.join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.created).toBe(10_000);
    expect(await people()).toBe(before + 10_000);
    const teams = await t.app.db.execute<{ n: string }>(
      sql`select count(*) as n from discussions where type = 'team' and name like 'Bulk team %'`,
    );
    expect(Number(teams.rows[0].n)).toBe(10);
    // the 10,000 invitations go out through the job queue, after the answer
    await t.app.jobs.drain(120_000);
    await t.app.mailer.flush();
    const links = await t.app.db.execute<{ n: string }>(
      sql`select count(*) as n from invitations i join users u on u.id = i.user_id where u.email like 'bulk%@example.com'`,
    );
    expect(Number(links.rows[0].n)).toBe(10_000);
  }, 180_000);
});
