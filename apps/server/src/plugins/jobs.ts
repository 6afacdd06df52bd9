import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { isDatabaseUnavailable } from './errors';

/** What a handler learns about the run it is in. */
export interface JobContext {
  jobId: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
}

/** Handlers must be idempotent: a job may run again after a crash, a retry or a duplicate enqueue. */
export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** jobs with the same id are enqueued once while the first is waiting, running or kept */
  jobId?: string;
}

/** The jobs seam: BullMQ with REDIS_URL, an in-process runner otherwise; same behaviour for the callers. */
export interface Jobs {
  readonly mode: 'bullmq' | 'in-process';
  /** Registers the handler of a job name (once per name, before jobs of that name run). */
  register<P>(name: string, handler: JobHandler<P>): void;
  /** Queues a job; resolves once it is stored (not when it has run). */
  enqueue<P>(name: string, payload: P, opts?: EnqueueOptions): Promise<{ id: string }>;
  /**
   * Runs job `name` (empty payload) every `everyMs`, and once soon after start. BullMQ: one repeatable job scheduler
   * shared by every process on the Redis (upserted, so several processes schedule it once); in-process: a timer.
   * The handler must still be idempotent: a tick may overlap another process's, or repeat after a crash.
   */
  schedule(name: string, everyMs: number): Promise<void>;
  /** Resolves when nothing is waiting or running (tests, shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs, lets running ones finish (in-process: drains the queue first). */
  close(): Promise<void>;
}

export interface RunnerOptions {
  /** total runs per job, first included */
  attempts?: number;
  /** first retry delay; doubles each retry */
  backoffMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const DEFAULTS = { attempts: 5, backoffMs: 1000 };

/** Runs jobs in this process, one at a time per enqueue order, with retries and exponential backoff. */
export function createInProcessJobs(opts: RunnerOptions = {}): Jobs {
  const attempts = opts.attempts ?? DEFAULTS.attempts;
  const backoffMs = opts.backoffMs ?? DEFAULTS.backoffMs;
  const handlers = new Map<string, JobHandler>();
  // ids of jobs not yet finished: a second enqueue with the same id is a no-op, as in BullMQ
  const pending = new Map<string, Promise<void>>();
  // backoff waits, which close() cuts short
  const sleepers = new Set<() => void>();
  let seq = 0;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(t);
        sleepers.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, closed ? 0 : ms);
      sleepers.add(wake);
    });

  async function run(name: string, id: string, payload: unknown): Promise<void> {
    // let the caller's transaction commit before the job reads what it wrote
    await new Promise((r) => setImmediate(r));
    for (let attempt = 1; ; attempt++) {
      const handler = handlers.get(name);
      try {
        if (!handler) throw new Error(`no handler for job ${name}`);
        await handler(payload, { jobId: id, attempt });
        return;
      } catch (err) {
        if (attempt >= attempts) {
          // an outage is not the job's fault: a warning (the next tick or enqueue tries again), not an error report
          if (isDatabaseUnavailable(err)) {
            opts.log?.warn({ err, job: name, jobId: id, attempt }, 'job gave up: the database is unavailable');
          } else opts.log?.error({ err, job: name, jobId: id, attempt }, 'job failed for good');
          return;
        }
        opts.log?.warn({ err, job: name, jobId: id, attempt }, 'job failed, retrying');
        await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  return {
    mode: 'in-process',
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
      handlers.set(name, handler as JobHandler);
    },
    async enqueue(name, payload, enqueueOpts = {}) {
      if (closed) throw new Error('jobs are closed');
      const id = enqueueOpts.jobId ?? `${name}:${++seq}`;
      if (!pending.has(id)) {
        const p = run(name, id, payload).finally(() => pending.delete(id));
        pending.set(id, p);
      }
      return { id };
    },
    async schedule(name, everyMs) {
      // one tick at a time: a tick still running makes the next one a no-op (same jobId)
      const tick = () => {
        if (!closed) void this.enqueue(name, {}, { jobId: `${name}:tick` });
      };
      const first = setTimeout(tick, 1000);
      const every = setInterval(tick, everyMs);
      for (const t of [first, every]) {
        t.unref();
        timers.add(t);
      }
    },
    async drain(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (pending.size > 0) {
        if (Date.now() > until) throw new Error(`jobs still running after ${timeoutMs} ms`);
        await Promise.race([Promise.allSettled([...pending.values()]), new Promise((r) => setTimeout(r, 50))]);
      }
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // drain: waiting retries run now rather than being lost
      while (pending.size > 0) {
        for (const wake of [...sleepers]) wake();
        await Promise.race([Promise.allSettled([...pending.values()]), new Promise((r) => setTimeout(r, 20))]);
      }
    },
  };
}

export interface BullOptions extends RunnerOptions {
  redisUrl: string;
  /** Redis key prefix; one per database so two apps on two databases never take each other's jobs */
  prefix: string;
  concurrency?: number;
}

/** BullMQ queue + worker on one Redis; jobs survive restarts and are shared by every server process. */
export function createBullJobs(opts: BullOptions): Jobs {
  const attempts = opts.attempts ?? DEFAULTS.attempts;
  const backoffMs = opts.backoffMs ?? DEFAULTS.backoffMs;
  const handlers = new Map<string, JobHandler>();
  const queueConn = new Redis(opts.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  const workerConn = new Redis(opts.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  for (const c of [queueConn, workerConn]) c.on('error', (err) => opts.log?.warn({ err }, 'jobs redis error'));
  const queue = new Queue('jobs', { connection: queueConn, prefix: opts.prefix });
  let worker: Worker | null = null;

  function startWorker() {
    if (worker) return;
    worker = new Worker(
      'jobs',
      async (job) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(job.data, { jobId: String(job.id), attempt: job.attemptsMade + 1 });
      },
      { connection: workerConn, prefix: opts.prefix, concurrency: opts.concurrency ?? 4 },
    );
    worker.on('failed', (job, err) => {
      opts.log?.warn({ err, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade }, 'job failed');
    });
    worker.on('error', (err) => opts.log?.warn({ err }, 'jobs worker error'));
  }

  return {
    mode: 'bullmq',
    register(name, handler) {
      if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
      handlers.set(name, handler as JobHandler);
      startWorker();
    },
    async enqueue(name, payload, enqueueOpts = {}) {
      const job = await queue.add(name, payload, {
        jobId: enqueueOpts.jobId,
        attempts,
        backoff: { type: 'exponential', delay: backoffMs },
        // finished jobs are dropped so the same jobId can be enqueued again later (e.g. after a reset)
        removeOnComplete: true,
        removeOnFail: 100,
      });
      return { id: String(job.id ?? enqueueOpts.jobId) };
    },
    async schedule(name, everyMs) {
      await queue.upsertJobScheduler(
        name,
        { every: everyMs },
        {
          name,
          data: {},
          opts: {
            attempts,
            backoff: { type: 'exponential', delay: backoffMs },
            removeOnComplete: true,
            removeOnFail: 100,
          },
        },
      );
    },
    async drain(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) return;
        if (Date.now() > until) throw new Error(`jobs still queued after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      // worker.close() waits for the running jobs to finish
      await worker?.close();
      await queue.close();
      await Promise.all([queueConn.quit().catch(() => {}), workerConn.quit().catch(() => {})]);
    },
  };
}

/** The database name of the app's pool, which scopes its BullMQ keys. */
function databaseName(app: FastifyInstance): string {
  const cs = (app.database.pool.options as { connectionString?: string }).connectionString;
  if (!cs) return 'default';
  return decodeURIComponent(new URL(cs).pathname.replace(/^\//, '')) || 'default';
}

/** `app.jobs`: BullMQ when REDIS_URL is set, the in-process runner otherwise. Closed after the routes. */
export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    const jobs = app.config.redisUrl
      ? createBullJobs({ redisUrl: app.config.redisUrl, prefix: `cairn-jobs-${databaseName(app)}`, log: app.log })
      : createInProcessJobs({ log: app.log });
    app.decorate('jobs', jobs);
    // preClose: running jobs may still use the pool, which the db plugin closes in onClose
    app.addHook('preClose', async () => {
      await jobs.close();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
