import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { cleanUpAfterAll, REDIS_SERVER, RUN, sleep, stops, tempDir } from '../fixtures/faults.fixtures';
import { bearer, createTestApp, login } from '../harness';
import { freePort } from '../server-process';

/** Redis stopped for 10 s in scaled mode, with a Redis of the test's own (test/fixtures/faults.fixtures.ts says when it runs). */
cleanUpAfterAll();

// the one reason to skip where the fault tests run: no redis-server to start (it is on this machine and in CI)
if (RUN && !REDIS_SERVER) {
  describe('faults: Redis stopped (skipped)', () => {
    it.skip('needs the redis-server binary on PATH to start a Redis of its own', () => {});
  });
}

/** A Redis of the test's own, on its own port and directory; stopped with SHUTDOWN SAVE, as a service stop would. */
class OwnRedis {
  private child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: 'ignore' },
    );
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      for (let i = 0; i < 100; i++) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {}
        await sleep(50);
      }
      throw new Error('redis-server did not start');
    } finally {
      probe.disconnect();
    }
  }

  /** Stops it the way a service stop does: the data (queued jobs) is saved and loaded again on start. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    const c = new Redis(this.url, { maxRetriesPerRequest: 0 });
    c.on('error', () => {});
    await c.call('shutdown', 'save').catch(() => {});
    c.disconnect();
    await exited;
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }
}

describe.runIf(RUN && REDIS_SERVER)('faults: Redis stopped for 10 s in scaled mode', () => {
  it('routes that do not need it keep answering; live events and jobs resume after; no job runs twice', {
    timeout: 90_000,
  }, async () => {
    const redis = new OwnRedis(await freePort(), tempDir('cairn-fault-redis-'));
    await redis.start();
    stops.push(() => redis.kill());

    // two processes' worth of apps on one database and our Redis: scaled mode
    const a = await createTestApp({ redisUrl: redis.url });
    stops.push(() => a.close());
    const database = createDatabase(a.config.databaseUrl!, { max: 4 });
    const b = await buildApp(a.config, { database, logger: false });
    stops.push(async () => {
      await b.close();
      await database.close();
    });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const bPort = (b.server.address() as { port: number }).port;

    // a job that counts its runs; both apps' workers take jobs from the same queue
    const runs = new Map<number, number>();
    for (const app of [a.app, b]) {
      app.jobs.register<{ n: number }>('fault.count', async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(100);
      });
    }
    const enqueue = (n: number) => a.app.jobs.enqueue('fault.count', { n }, { jobId: `fault-${n}` });
    const ran = async (count: number, ms: number) => {
      const until = Date.now() + ms;
      while (runs.size < count && Date.now() < until) await sleep(50);
      return runs.size;
    };

    const learner = await login(a.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const learnerId = (await a.app.inject({ url: '/api/user/profile', headers: bearer(learner.access_token) })).json()
      .data.id as number;
    const socket = io(`http://127.0.0.1:${bPort}`, {
      path: '/socket.io',
      auth: { token: learner.access_token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    stops.push(() => void socket.disconnect());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received: number[] = [];
    socket.on('NOTIFICATION', (p: { id: number }) => received.push(p.id));
    /** Emits from app A until the socket on app B gets it (through Redis); ms taken, or -1. */
    const eventThrough = async (id: number, ms: number) => {
      const from = Date.now();
      while (Date.now() - from < ms) {
        a.app.realtime.emitToUser(learnerId, 'NOTIFICATION', { id });
        const until = Date.now() + 250;
        while (Date.now() < until && !received.includes(id)) await sleep(10);
        if (received.includes(id)) return Date.now() - from;
      }
      return -1;
    };

    // before: events cross between the apps, jobs run
    await sleep(200);
    expect(await eventThrough(1, 5000)).toBeGreaterThanOrEqual(0);
    for (let n = 0; n < 10; n++) await enqueue(n);
    expect(await ran(10, 10_000)).toBe(10);

    // jobs queued just before the stop, some of them running when it happens
    for (let n = 10; n < 20; n++) await enqueue(n);
    await sleep(150);
    const stoppedAt = Date.now();
    await redis.stop();
    const downAt = Date.now();

    // queued while Redis is down: stored once it is back
    const lateEnqueue = enqueue(20);
    const answers: { route: string; status: number; ms: number }[] = [];
    while (Date.now() - downAt < 10_000) {
      for (const [route, send] of [
        ['profile on A', () => a.app.inject({ url: '/api/user/profile', headers: bearer(learner.access_token) })],
        ['profile on B', () => b.inject({ url: '/api/user/profile', headers: bearer(learner.access_token) })],
        // rate-limited through Redis, which must not lock anyone out while it is gone
        [
          'sign-in on B',
          () =>
            b.inject({
              method: 'POST',
              url: '/api/login',
              payload: { username: DEMO_USERS.rival.email, password: DEMO_USERS.rival.password, accepted: true },
            }),
        ],
      ] as const) {
        const at = Date.now();
        const res = await send();
        answers.push({ route, status: res.statusCode, ms: Date.now() - at });
      }
      await sleep(400);
    }
    const startAt = Date.now();
    await redis.start();
    const upAt = Date.now();
    const eventMs = await eventThrough(2, 15_000);
    await lateEnqueue;
    expect(await ran(21, 20_000)).toBe(21);
    // late duplicates would show up here
    await sleep(1500);

    const slowest = Object.fromEntries(
      [...new Set(answers.map((x) => x.route))].map((r) => [
        r,
        Math.max(...answers.filter((x) => x.route === r).map((x) => x.ms)),
      ]),
    );
    console.info(
      `Redis stop: stop took ${downAt - stoppedAt} ms, down ${startAt - downAt} ms, start ${upAt - startAt} ms; ` +
        `${answers.length} requests while down, slowest ${JSON.stringify(slowest)}; ` +
        `live events back ${eventMs} ms after Redis; jobs ${runs.size}, runs ${[...runs.values()].reduce((x, y) => x + y, 0)}`,
    );

    expect(startAt - downAt).toBeGreaterThanOrEqual(10_000);
    expect(answers.length).toBeGreaterThan(20);
    for (const x of answers) {
      expect(x.status, x.route).toBe(200);
      expect(x.ms, x.route).toBeLessThan(1000);
    }
    expect(socket.connected).toBe(true);
    expect(eventMs).toBeGreaterThanOrEqual(0);
    expect(eventMs).toBeLessThan(10_000);
    // every job ran exactly once
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect([...runs.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  });
});
