import { afterEach, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from './client';

describe('the server pool kept warm', () => {
  let open: Database[] = [];
  afterEach(async () => {
    await Promise.all(open.map((d) => d.close()));
    open = [];
  });
  const database = (opts: Parameters<typeof createDatabase>[1]) => {
    const d = createDatabase(inject('adminUrl'), opts);
    open.push(d);
    return d;
  };
  const idle = () => new Promise((r) => setTimeout(r, 300));

  it('opens every connection at start and keeps them through idle time', async () => {
    const d = database({ max: 3, keepWarm: true, idleMs: 50 });
    await d.warm();
    expect(d.pool.totalCount).toBe(3);
    await idle();
    expect(d.pool.totalCount).toBe(3);
    expect(d.pool.idleCount).toBe(3);
    // and they work
    expect((await d.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('without keepWarm, idle connections close (a CLI, a test)', async () => {
    const d = database({ max: 3, idleMs: 50 });
    await d.warm();
    expect(d.pool.totalCount).toBe(3);
    await idle();
    expect(d.pool.totalCount).toBe(0);
  });
});
