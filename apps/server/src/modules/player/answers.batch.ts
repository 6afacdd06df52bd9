import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { enterPipeline } from '../../db/pipeline';
import * as schema from '../../db/schema';
import { type AnswerStored, type AnswerWrite, storeAnswer } from './answers.store';

/**
 * Group commit of answers (docs/performance.md, Round 13; docs/scoring.md): several learners' answer statements in
 * one transaction, so that one commit (one WAL flush, one transaction's bookkeeping) serves them all.
 *
 * - It never waits: an answer whose turn comes while fewer than `lanes` batches are running starts at once, alone, as
 *   its own statement (autocommit), exactly as before. Only when every lane is busy do answers queue, and the next
 *   free lane takes up to `maxBatch` of them in one transaction.
 * - An answer is acknowledged only after the commit that stored it: each caller's promise settles after COMMIT.
 * - A batch takes the learners in ascending id, so two batches lock the same learners' rows in the same order and
 *   cannot deadlock each other.
 * - A batch is all or nothing: when one statement fails (a deadlock with another transaction, a timeout, a row that
 *   disappeared), the batch is rolled back and each of its answers runs again alone, so each caller gets its own
 *   outcome and one learner's failure is never another's.
 * - Two answers of one learner in one batch behave as one after the other: the second's guard sees the first's writes
 *   (the same transaction), finds the states changed and writes nothing, and its caller decides again on a fresh
 *   load, as for any answer that lost a race.
 */
interface Pending {
  write: AnswerWrite;
  resolve: (stored: AnswerStored) => void;
  reject: (err: unknown) => void;
}

export interface AnswerBatcher {
  store(write: AnswerWrite): Promise<AnswerStored>;
  /** answers stored so far, and in how many transactions (for tests and the bench's counters) */
  readonly stats: { answers: number; transactions: number; batched: number };
}

/**
 * Lanes: batches running at once, each on a connection of its own. The rest of the pool serves reads, loads and
 * other writes. With its statements pipelined a batch keeps one PostgreSQL backend busy from BEGIN to COMMIT, so two
 * lanes already keep two backends writing; fewer lanes make larger batches and fewer commits. 2 lanes did 1.34-1.48x
 * the floor twin against 1.16-1.34x for 3 (docs/performance.md, Round 14). The event loop of one process stays the
 * ceiling before PostgreSQL does on a larger machine; more answers a second come from more processes (scaled mode).
 */
const LANES = 2;
const MAX_BATCH = 32;

export function createAnswerBatcher(db: Db, lanes = LANES, maxBatch = MAX_BATCH): AnswerBatcher {
  const pool = (db as Db & { $client?: pg.Pool }).$client;
  const queue: Pending[] = [];
  let running = 0;
  const stats = { answers: 0, transactions: 0, batched: 0 };
  // one Drizzle handle per pooled connection (the prepared statement is cached per handle and per connection), over
  // a client that counts the statements handed to pg (inOneTransaction checks they were all sent before COMMIT)
  const handles = new WeakMap<pg.PoolClient, { handle: Db; submitted: { count: number } }>();
  const handleOf = (client: pg.PoolClient) => {
    let h = handles.get(client);
    if (!h) {
      const submitted = { count: 0 };
      const counting = {
        query: (...args: Parameters<pg.PoolClient['query']>) => {
          submitted.count++;
          return (client.query as (...a: unknown[]) => unknown)(...args);
        },
      };
      h = {
        handle: drizzle({
          client: counting as unknown as pg.PoolClient,
          schema,
          casing: 'snake_case',
        }) as unknown as Db,
        submitted,
      };
      handles.set(client, h);
    }
    return h;
  };

  const alone = async (p: Pending) => {
    try {
      const stored = await storeAnswer(db, p.write);
      stats.answers++;
      stats.transactions++;
      p.resolve(stored);
    } catch (err) {
      p.reject(err);
    }
  };

  async function together(batch: Pending[]) {
    batch.sort((a, b) => a.write.userId - b.write.userId);
    let client: pg.PoolClient;
    try {
      client = await pool!.connect();
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    let results: AnswerStored[] = [];
    let broken: unknown = null;
    let unusable: Error | undefined;
    try {
      results = await inOneTransaction(client, batch);
    } catch (err) {
      broken = err;
      // a connection whose rollback fails too (it timed out, the server went away) is not reused
      await client.query('rollback').catch((e: Error) => {
        unusable = e;
      });
    } finally {
      client.release(unusable);
    }
    if (broken) {
      // all or nothing: each answer again on its own, for its own outcome
      for (const p of batch) await alone(p);
      return;
    }
    stats.answers += batch.length;
    stats.transactions++;
    stats.batched += batch.length;
    for (const [i, p] of batch.entries()) p.resolve(results[i]);
  }

  /**
   * BEGIN, the batch's statements and COMMIT sent at once on the connection (pg's pipeline mode): PostgreSQL runs
   * them back to back in the order sent, one transaction, without waiting for this process to read each result and
   * send the next (docs/performance.md, Round 14). Throws when any of them failed, or when the transaction did not
   * commit: a failed statement aborts the transaction, the statements after it are refused (25P02) and the COMMIT
   * then ends it as a ROLLBACK, so nothing of the batch is stored.
   */
  async function inOneTransaction(client: pg.PoolClient, batch: Pending[]): Promise<AnswerStored[]> {
    const { handle, submitted } = handleOf(client);
    const piped = enterPipeline(client);
    try {
      const begin = client.query('begin');
      const first = submitted.count;
      const stores = batch.map((p) => storeAnswer(handle, p.write));
      // every statement is on its way before COMMIT is queued behind them (Drizzle hands each to pg synchronously;
      // should it ever not, COMMIT waits for them instead of overtaking one)
      if (submitted.count - first !== batch.length) await Promise.allSettled(stores);
      const commit = client.query('commit');
      const settled = await Promise.allSettled([begin, commit, ...stores]);
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      if ((settled[1] as PromiseFulfilledResult<pg.QueryResult>).value.command !== 'COMMIT')
        throw new Error('the batch did not commit');
      return settled.slice(2).map((s) => (s as PromiseFulfilledResult<AnswerStored>).value);
    } finally {
      piped.leave();
    }
  }

  function pump() {
    while (running < lanes && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      running++;
      (batch.length === 1 ? alone(batch[0]) : together(batch)).finally(() => {
        running--;
        pump();
      });
    }
  }

  return {
    stats,
    store(write) {
      // no pool of its own (a test's single client): nothing to batch with
      if (!pool || typeof pool.connect !== 'function') return storeAnswer(db, write);
      return new Promise((resolve, reject) => {
        queue.push({ write, resolve, reject });
        pump();
      });
    },
  };
}

const batchers = new WeakMap<Db, AnswerBatcher>();

/** The database's batcher (one per pool, made on first use). */
export function answerBatcher(db: Db): AnswerBatcher {
  let b = batchers.get(db);
  if (!b) {
    b = createAnswerBatcher(db);
    batchers.set(db, b);
  }
  return b;
}
