import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { freePort } from '../test/server-process';
import { createBullJobs, createInProcessJobs, type Jobs } from './jobs';

const redisUrl = process.env.REDIS_URL;

const modes: [string, (o: { attempts?: number; backoffMs?: number }) => Jobs, boolean][] = [
  ['in-process', (o) => createInProcessJobs(o), true],
  [
    'bullmq',
    (o) =>
      createBullJobs({ ...o, redisUrl: redisUrl ?? '', prefix: `cairn-jobs-test-${randomBytes(4).toString('hex')}` }),
    Boolean(redisUrl),
  ],
];

describe.each(modes)('jobs (%s)', (_mode, make, enabled) => {
  let jobs: Jobs | null = null;
  afterEach(async () => {
    await jobs?.close();
    jobs = null;
  });

  it.runIf(enabled)('runs a registered handler with the payload', async () => {
    jobs = make({});
    const seen: unknown[] = [];
    jobs.register<{ n: number }>('add', async (p) => {
      seen.push(p.n);
    });
    await jobs.enqueue('add', { n: 1 });
    await jobs.enqueue('add', { n: 2 });
    await jobs.drain();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it.runIf(enabled)('enqueues a jobId once while it is pending', async () => {
    jobs = make({});
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    jobs.register('slow', async () => {
      runs++;
      await gate;
    });
    await jobs.enqueue('slow', {}, { jobId: 'same' });
    await jobs.enqueue('slow', {}, { jobId: 'same' });
    release();
    await jobs.drain();
    expect(runs).toBe(1);
  });

  it.runIf(enabled)('retries a failing handler with backoff, then succeeds', async () => {
    jobs = make({ attempts: 3, backoffMs: 20 });
    const attempts: number[] = [];
    const times: number[] = [];
    jobs.register('flaky', async (_p, ctx) => {
      attempts.push(ctx.attempt);
      times.push(Date.now());
      if (ctx.attempt < 3) throw new Error('not yet');
    });
    await jobs.enqueue('flaky', {});
    await jobs.drain();
    expect(attempts).toEqual([1, 2, 3]);
    // exponential: ≥ 20 ms then ≥ 40 ms
    expect(times[2] - times[0]).toBeGreaterThanOrEqual(55);
  });

  it.runIf(enabled)('gives up after the last attempt', async () => {
    jobs = make({ attempts: 2, backoffMs: 5 });
    let runs = 0;
    jobs.register('broken', async () => {
      runs++;
      throw new Error('always');
    });
    await jobs.enqueue('broken', {});
    await jobs.drain();
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(2);
  });
});

describe('in-process runner', () => {
  it('drains on close: queued jobs and waiting retries run before close resolves', async () => {
    const jobs = createInProcessJobs({ attempts: 2, backoffMs: 60_000 });
    const done: string[] = [];
    jobs.register<{ id: string }>('work', async (p, ctx) => {
      if (p.id === 'retry' && ctx.attempt === 1) throw new Error('first try fails');
      done.push(p.id);
    });
    await jobs.enqueue('work', { id: 'a' });
    await jobs.enqueue('work', { id: 'retry' });
    const started = Date.now();
    await jobs.close();
    expect(done.sort()).toEqual(['a', 'retry']);
    // the 60 s backoff was cut short
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(jobs.enqueue('work', { id: 'late' })).rejects.toThrow(/closed/);
  });

  it('a job that gives up during a database outage logs a warning, not an error', async () => {
    // a real pool on a port nobody listens on: every connection is refused
    const gone = createDatabase(`postgres://nobody@127.0.0.1:${await freePort()}/nothing`);
    const logged: { level: string; msg: string }[] = [];
    const log = {
      warn: (_o: unknown, msg?: string) => void logged.push({ level: 'warn', msg: String(msg) }),
      error: (_o: unknown, msg?: string) => void logged.push({ level: 'error', msg: String(msg) }),
    };
    const jobs = createInProcessJobs({ attempts: 2, backoffMs: 5, log: log as never });
    jobs.register('tick', async () => {
      await gone.db.execute(sql`select 1`);
    });
    jobs.register('bug', async () => {
      throw new Error('a real failure');
    });
    try {
      await jobs.enqueue('tick', {});
      await jobs.drain();
      expect(logged.map((l) => l.level)).toEqual(['warn', 'warn']);
      expect(logged[1].msg).toMatch(/database is unavailable/);
      // anything else still fails for good at error level
      await jobs.enqueue('bug', {});
      await jobs.drain();
      expect(logged.at(-1)).toEqual({ level: 'error', msg: 'job failed for good' });
    } finally {
      await jobs.close();
      await gone.close();
    }
  });

  it('refuses a second handler for one name', () => {
    const jobs = createInProcessJobs();
    jobs.register('x', async () => {});
    expect(() => jobs.register('x', async () => {})).toThrow(/already/);
  });
});
