import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../harness';
import { MATRIX, type Outcome, type Row } from './authz-matrix.table';
import { ACTORS, buildWorld, type World } from './authz-world';

/**
 * The authorization matrix (issue 14, item 1): the routes come from the served OpenAPI document, the expected
 * outcome of every route × actor × object cell from the one table in authz-matrix.table.ts.
 */
let w: World;
/** cell id → the route the request reached, as `METHOD /path/{param}` */
const reached = new Map<string, string>();

beforeAll(async () => {
  w = await buildWorld((app: FastifyInstance) => {
    app.addHook('onResponse', async (request) => {
      const cell = request.headers['x-matrix-cell'];
      const url = request.routeOptions.url;
      if (typeof cell === 'string' && url) reached.set(cell, `${request.method} ${openApiPath(url)}`);
    });
  });
}, 120_000);
afterAll(() => w?.t.close());

/** `/api/chats/:room` → `/api/chats/{room}`, `/img/*` → `/img/{request}` (as plugins/docs.ts documents them). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{request}');

const matches = (want: Outcome, status: number) => (want === '2xx' ? status >= 200 && status < 300 : want === status);

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row for a route it does not serve', async () => {
    const res = await w.t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.length).toBeGreaterThan(60);
    const rows = new Set(MATRIX.map((r) => r.route));
    expect(
      documented.filter((r) => !rows.has(r)),
      'routes without a row in the matrix',
    ).toEqual([]);
    expect(
      [...rows].filter((r) => !documented.includes(r)),
      'rows for routes not in the document',
    ).toEqual([]);
  });

  it('fails a cell whose expectation is wrong', async () => {
    const row = MATRIX.find((r) => r.route === 'GET /api/notifications/{id}' && r.object === "learner's")!;
    expect((await run(row)).got).toEqual(expectOf(row));
    // the same cells against a table that lets the peer read the learner's notification
    const lax: Row = { ...row, expect: [401, 200, 200, 404, 404, 404] };
    expect((await run(lax)).got).not.toEqual(expectOf(lax));
    expect(matches('2xx', 202) && matches(404, 404) && !matches('2xx', 404) && !matches(403, 404)).toBe(true);
  });

  for (const row of MATRIX) {
    it(`${row.route} — ${row.object}`, async () => {
      const { got, wrongRoute } = await run(row);
      expect(wrongRoute, 'cells that did not reach the route of their row').toEqual([]);
      expect(got, `[${ACTORS.join(', ')}]`).toEqual(expectOf(row));
    });
  }
});

/** A row's outcome per actor: the admin's is the coach's unless the row names it. */
const expectOf = (row: Row): Outcome[] => {
  const [anon, learner, peer, other, publicUser, coach, admin] = row.expect;
  return [anon, learner, peer, other, publicUser, coach, admin ?? coach];
};

let cell = 0;
/** Runs a row's cells, one per actor; answers the outcomes (the expected one where it matched) and misrouted cells. */
async function run(row: Row): Promise<{ got: Outcome[]; wrongRoute: string[] }> {
  const [method, route] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const got: Outcome[] = [];
  const wrongRoute: string[] = [];
  for (const [i, actor] of ACTORS.entries()) {
    const req = await row.req(w, actor);
    const token = actor === 'anon' ? undefined : (req.token ?? w.tokens[actor]);
    const id = String(++cell);
    const res = await w.t.app.inject({
      method,
      url: req.url,
      payload: req.payload as string | Buffer | object | undefined,
      headers: { ...req.headers, ...(token ? bearer(token) : {}), 'x-matrix-cell': id },
      // each actor from an address of its own, as real users are: six wrong passwords for one account from one
      // address would meet the sign-in throttle (modules/accounts/signin-throttle.ts)
      remoteAddress: `192.0.2.${i + 1}`,
    });
    const want = expectOf(row)[i];
    got.push(matches(want, res.statusCode) ? want : res.statusCode);
    if (reached.get(id) !== `${method} ${route}`) wrongRoute.push(`${actor}: ${reached.get(id) ?? 'no route'}`);
    if (res.statusCode >= 400) {
      // refusals speak the shared error shape, never more
      expect(res.json(), `${actor} ${res.statusCode}`).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      );
    }
  }
  return { got, wrongRoute };
}
