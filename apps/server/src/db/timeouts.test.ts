import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { createDatabase, type Database } from './client';

/**
 * Issue 26, item 9: a statement that runs past DB_STATEMENT_TIMEOUT_MS is cancelled by PostgreSQL (57014) and the
 * request answers 503 with Retry-After instead of waiting. (A PostgreSQL that does not answer at all — frozen with
 * SIGSTOP — is test/security/faults.postgres.test.ts.)
 */
let t: TestApp;
let limited: Database;
beforeAll(async () => {
  limited = createDatabase(inject('adminUrl'), { max: 2, statementTimeoutMs: 200 });
  t = await createTestApp({}, {}, (app) => {
    app.get('/api/test/slow-statement', async () => {
      await limited.db.execute(sql`select pg_sleep(3)`);
      return { ok: true };
    });
    app.get('/api/test/quick-statement', async () => {
      await limited.db.execute(sql`select pg_sleep(0.01)`);
      return { ok: true };
    });
  });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

describe('statement timeout', () => {
  it('a statement past the limit is cancelled: 503 service_unavailable with Retry-After, within the limit', async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: '/api/test/slow-statement' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    // the connection stays usable: the next statement within the limit answers
    expect((await t.app.inject({ url: '/api/test/quick-statement' })).statusCode).toBe(200);
    const { rows } = await limited.pool.query<{ statement_timeout: string }>('show statement_timeout');
    expect(rows[0].statement_timeout).toBe('200ms');
  });

  it('DB_STATEMENT_TIMEOUT_MS defaults to 5 s for the server, none for migrations and tools; bad values stop start-up', () => {
    const c = loadConfig({});
    expect(c.dbStatementTimeoutMs).toBe(5000);
    expect(c.dbSetupStatementTimeoutMs).toBe(0);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2000' }).dbStatementTimeoutMs).toBe(2000);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_SETUP_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DB_SETUP_STATEMENT_TIMEOUT_MS/);
  });
});
