import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { freePort } from '../test/server-process';

/**
 * A database that cannot be reached is an outage, not a bug: 503 service_unavailable with Retry-After, at once.
 * (The PostgreSQL restart under load is test/security/faults.postgres.test.ts.)
 */
let t: TestApp;
let gone: Database;
beforeAll(async () => {
  // a real pool on a port nobody listens on: every connection is refused
  gone = createDatabase(`postgres://nobody@127.0.0.1:${await freePort()}/nothing`);
  t = await createTestApp({}, {}, (app) => {
    app.get('/api/test/unreachable-db', async () => {
      await gone.db.execute(sql`select 1`);
      return { ok: true };
    });
  });
});
afterAll(async () => {
  await t.close();
  await gone.close();
});

describe('database unavailable', () => {
  it('answers 503 with the shared body and Retry-After, fast', async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: '/api/test/unreachable-db' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'service_unavailable',
      message: 'The service is briefly unavailable; please try again in a moment',
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|nobody/);
  });
});
