import type pg from 'pg';

/**
 * pg's pipeline mode (the client's `pipeline: true`, pg 8.23) on a connection checked out of the pool, for the span of one
 * batch: every query handed to it is written at once instead of after the previous one's result, and PostgreSQL runs
 * them in the order written. The pool's connections are made without it (pool.query gains nothing from it, and the
 * app's transactions read each result before they decide the next statement), so it is switched on here while the
 * connection is idle and off again by `leave()`, which the caller calls once every query it sent has settled: both
 * modes then find the connection in the same state (nothing sent, nothing queued).
 */
export function enterPipeline(client: pg.PoolClient): { leave(): void } {
  const c = client as unknown as { pipeline: boolean };
  const was = c.pipeline;
  c.pipeline = true;
  return {
    leave() {
      c.pipeline = was;
    },
  };
}
