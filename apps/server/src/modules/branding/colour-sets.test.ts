import fs from 'node:fs/promises';
import path from 'node:path';
import { customerThemeResponseSchema, themesResponseSchema } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { ACME_STYLE, DEMO_USERS, GLOBEX_STYLE } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

// §3: a theme's color_id names a colour set (id and colors map) of the theme's own customer.
let t: TestApp;
let admin: string; // Cora, Acme's customer admin
let learner: string; // Lena, Acme
let globex: string; // Otto, Globex
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  globex = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
});
afterAll(() => t.close());

const themesOf = async (token: string) =>
  themesResponseSchema.parse((await t.app.inject({ url: '/api/themes', headers: bearer(token) })).json()).data;

describe('colour sets behind themes.color_id', () => {
  it("gives every theme its colour set, holding its customer's palette", async () => {
    const acme = await themesOf(learner);
    expect(acme.map((th) => th.name)).toEqual(['Acme Sunrise', 'Acme Plain']);
    for (const th of acme) {
      expect(th.color.id).toBe(th.color_id);
      expect(th.color.colors).toEqual(ACME_STYLE.colors);
    }
    expect(acme[0].color_id).not.toBe(acme[1].color_id);
    const [night] = await themesOf(globex);
    expect(night.color).toEqual({ id: night.color_id, colors: GLOBEX_STYLE.colors });
    expect(acme.map((th) => th.color_id)).not.toContain(night.color_id);
  });

  it("saves the brand page's colours in the current theme's colour set, only the admin's customer's", async () => {
    const teal = { r: 0, g: 128, b: 128 };
    const navy = { r: 10, g: 20, b: 60 };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/theme',
      headers: bearer(admin),
      payload: { color0: teal, color2: navy, backgroundLandscape: null, backgroundPortrait: null },
    });
    expect(res.statusCode).toBe(200);
    const saved = customerThemeResponseSchema.parse(res.json()).data.theme;
    expect(saved.color.colors).toEqual({ color0: teal, color2: navy });

    const [current, plain] = await themesOf(learner);
    expect(current.color).toEqual({ id: current.color_id, colors: { color0: teal, color2: navy } });
    // the customer's other theme and the other customer keep theirs
    expect(plain.color.colors).toEqual(ACME_STYLE.colors);
    expect((await themesOf(globex))[0].color.colors).toEqual(GLOBEX_STYLE.colors);
    // the brand page reads it back
    const read = await t.app.inject({ url: '/api/customer/theme', headers: bearer(admin) });
    expect(customerThemeResponseSchema.parse(read.json()).data.theme.color.colors.color0).toEqual(teal);
  });

  it('migration 0024 gives existing themes a colour set of their palette, so nothing visible changes', async () => {
    const sql = await fs.readFile(path.join(MIGRATIONS_DIR, '0024_colour_sets.sql'), 'utf8');
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      // the database as it was before 0024: themes.color_id a bare number, no colour sets
      await client.query('alter table themes drop constraint themes_color_id_colour_sets_id_fk');
      await client.query('drop table colour_sets');
      await client.query('update themes set color_id = 1');
      for (const statement of sql.split('--> statement-breakpoint')) await client.query(statement);

      const { rows } = await client.query<{ set: number; same: boolean; colors: unknown; palette: unknown }>(
        `select cs.id as set, cs.customer_id = th.customer_id as same, cs.colors, c.style -> 'colors' as palette
         from themes th join customers c on c.id = th.customer_id left join colour_sets cs on cs.id = th.color_id
         order by th.id`,
      );
      expect(rows.length).toBe(3);
      for (const r of rows) {
        expect(r.same).toBe(true);
        expect(r.colors).toEqual(r.palette);
      }
      expect(new Set(rows.map((r) => r.set)).size).toBe(3);
      // from now on a theme's color_id must name a colour set
      await expect(client.query('update themes set color_id = 999999')).rejects.toThrow(/foreign key/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
