import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { createTestApp } from '../../test/harness';

/**
 * The cached reference answers are sent once: their handlers return the reply, so Fastify does not send again
 * while the async onSend hooks (security headers, file caching) run — which logged "Reply was already sent" and an
 * ERR_HTTP_HEADERS_SENT error on every request over a real socket (inject does not show it).
 */
it('answers /api/languages/supported and /api/countries/all once, without a double-send warning', async () => {
  const t = await createTestApp();
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const database = createDatabase(t.config.databaseUrl!, { max: 2 });
  const app = await buildApp(t.config, { database, logger: { level: 'warn', stream } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    for (const url of ['/api/languages/supported', '/api/countries/all', '/api/countries/all']) {
      const res = await fetch(base + url);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    await app.close();
    await database.close();
    await t.close();
  }
  expect(logged.filter((l) => /already sent|HEADERS_SENT/.test(l))).toEqual([]);
});
