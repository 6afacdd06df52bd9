import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EmbeddedDb, startEmbeddedPostgres } from '../db/embedded';
import { DEMO_USERS } from '../db/seed/demo-data';
import { freePort, startServerProcess } from '../test/server-process';
import { cleanUpAfterAll, RUN, sleep, stops, tempDir } from './faults.support';

/** PostgreSQL restarted under load, with a PostgreSQL of the test's own (faults.support.ts says when it runs). */
cleanUpAfterAll();

interface Sample {
  at: number;
  ms: number;
  status: number;
  code?: string;
  message?: string;
}

describe.runIf(RUN)('faults: PostgreSQL restarted under load', () => {
  it('requests fail fast with 503 and a clear body while it is down; the server recovers by itself within 5 s', {
    timeout: 90_000,
  }, async () => {
    const pgDir = path.join(tempDir('cairn-fault-pg-'), 'pg');
    const pgPort = await freePort();
    const t0 = Date.now();
    let pg: EmbeddedDb = await startEmbeddedPostgres({ dataDir: pgDir, preferredPort: pgPort });
    stops.push(() => pg.stop());
    expect(pg.port).toBe(pgPort);
    const t1 = Date.now();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // its own Redis-free server process on that PostgreSQL (migrated and seeded on start)
    const server: ChildProcess = await startServerProcess(pg.url, port, tempDir('cairn-fault-pg-data-'), {
      REDIS_URL: undefined,
    });
    stops.push(() => void server.kill('SIGKILL'));
    const t2 = Date.now();

    const signIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: DEMO_USERS.learner.email,
        password: DEMO_USERS.learner.password,
        accepted: true,
      }),
    });
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;

    // four clients read the profile (a database read on every request) as fast as they are answered
    const samples: Sample[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const at = Date.now();
        const res = await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
        samples.push({ at, ms: Date.now() - at, status: res.status, code: body.code, message: body.message });
        await sleep(20);
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);

    await sleep(1000);
    const stoppedAt = Date.now();
    await pg.stop();
    const downAt = Date.now();
    await sleep(3000);
    const startAt = Date.now();
    pg = await startEmbeddedPostgres({ dataDir: pgDir, preferredPort: pgPort });
    const upAt = Date.now();
    expect(pg.port).toBe(pgPort);
    // wait for the first answer after PostgreSQL accepts connections again
    let recoveredAt = 0;
    while (Date.now() - upAt < 10_000) {
      const ok = samples.find((s) => s.at >= upAt && s.status === 200);
      if (ok) {
        recoveredAt = ok.at + ok.ms;
        break;
      }
      await sleep(50);
    }
    await sleep(1500);
    stop = true;
    await load;

    const before = samples.filter((s) => s.at + s.ms < stoppedAt);
    const down = samples.filter((s) => s.at >= downAt && s.at + s.ms < startAt);
    const after = samples.filter((s) => s.at >= recoveredAt + 200 && recoveredAt > 0);
    const refused = samples.filter((s) => s.status !== 200);
    console.info(
      `PostgreSQL restart: setup ${t1 - t0} ms (initdb, start), server ${t2 - t1} ms (migrate, seed, listen); ` +
        `${samples.length} requests; stop took ${downAt - stoppedAt} ms, start ${upAt - startAt} ms; ` +
        `${down.length} while down (slowest ${Math.max(0, ...down.map((s) => s.ms))} ms); ` +
        `first 200 ${recoveredAt - upAt} ms after PostgreSQL was up; statuses ${JSON.stringify(
          Object.fromEntries(
            [...new Set(samples.map((s) => s.status))].map((st) => [st, samples.filter((s) => s.status === st).length]),
          ),
        )}`,
    );

    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status === 200)).toBe(true);
    // while it is down: 503 with the shared error body, answered at once (no hanging on a dead database)
    expect(down.length).toBeGreaterThan(10);
    for (const s of down) {
      expect(s.status).toBe(503);
      expect(s.code).toBe('service_unavailable');
      expect(s.message).toMatch(/try again/);
      expect(s.ms).toBeLessThan(1000);
    }
    // nothing but 200 and 503 at any time: no 500, no 401 from a session check that could not reach the database
    expect(refused.every((s) => s.status === 503)).toBe(true);
    // back by itself within 5 s, and stays back
    expect(recoveredAt).toBeGreaterThan(0);
    expect(recoveredAt - upAt).toBeLessThanOrEqual(5000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.status === 200)).toBe(true);
  });
});
