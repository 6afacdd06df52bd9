import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../test/harness';
import { type ReceivedEvent, startSentryReceiver } from '../test/sentry-receiver';

let receiver: Awaited<ReturnType<typeof startSentryReceiver>>;
let t: TestApp;

beforeAll(async () => {
  receiver = await startSentryReceiver();
  t = await createTestApp({}, { SENTRY_DSN: receiver.dsn, SENTRY_RELEASE: 'cairn@test' }, (app) => {
    // a route whose failure is a server bug: it throws with personal data in its message
    app.get('/api/test/boom/:id', { onRequest: app.authenticate }, async (request) => {
      throw new Error(`could not load the trail of learner@example.com (${request.headers.authorization})`);
    });
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function eventually(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('error reporting (Sentry SDK, any Sentry-compatible server)', () => {
  it('reports a server 500 once, with release and route, without the email or the token', async () => {
    const { access_token } = await login(t.app, 'learner@example.com', 'learner123');
    const res = await t.app.inject({
      url: '/api/test/boom/42?email=learner@example.com',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side', code: 'internal_error' });
    await eventually(() => receiver.events.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.events).toHaveLength(1);
    const event = receiver.events[0] as ReceivedEvent;
    expect(event.release).toBe('cairn@test');
    expect(event.tags).toMatchObject({ route: '/api/test/boom/:id', method: 'GET' });
    expect(event.exception?.values?.[0]?.value).toContain('could not load the trail of [redacted]');
    const all = receiver.raw.join('\n');
    expect(all).not.toContain('learner@example.com');
    expect(all).not.toContain(access_token);
    expect(all).not.toContain('/api/test/boom/42');
  });

  it('does not report refusals and bad input (4xx)', async () => {
    const before = receiver.events.length;
    expect((await t.app.inject({ url: '/api/test/boom/1' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/games/x', headers: bearer('nope') })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.events.length).toBe(before);
  });

  it('tells the web app the DSN and release, and nothing when reporting is off', async () => {
    const res = await t.app.inject({ url: '/api/client-config' });
    expect(res.json().data.error_reporting).toEqual({
      dsn: receiver.dsn,
      release: 'cairn@test',
      environment: 'production',
    });
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ url: '/api/client-config' })).json()).toEqual({
        data: { error_reporting: null, analytics: null, preview_origins: [] },
      });
    } finally {
      await off.close();
    }
  });
});
