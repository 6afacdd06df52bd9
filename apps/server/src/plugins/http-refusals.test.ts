import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../test/harness';
import { httpRefusal, URL_MAX } from './http-refusals';

/** Issue 26: 414, 431 and Node's client errors answer with the project's error body and security headers. */
let t: TestApp;
let port: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

/** Writes raw bytes on a new connection and returns all the server answers until it closes the connection. */
function raw(data: string): Promise<string> {
  return new Promise((resolve) => {
    let response = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', (d) => {
      response += d.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(response));
  });
}

function parse(response: string) {
  const [head, body] = response.split('\r\n\r\n');
  const [status, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(status.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

/** 100 ids of 10 digits: the longest id list the API documents. */
const hundredIds = Array.from({ length: 100 }, (_, i) => 2_000_000_000 + i).join(',');

describe('id lists and the URL limit', () => {
  it('takes a list of the documented 100 ids of 10 digits in a path (it used to be refused past 100 characters)', async () => {
    const res = await t.app.inject({ url: `/api/rewards/user/${hundredIds}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('refuses 101 ids with 422 and the error body', async () => {
    const res = await t.app.inject({ url: `/api/rewards/user/${hundredIds},1`, headers: bearer(token) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses a URL over URL_MAX with 414 and the error body, before authentication, with the security headers', async () => {
    for (const url of [
      `/api/rewards/user/${'1,'.repeat(URL_MAX / 2)}1`,
      `/api/user/profile?q=${'x'.repeat(URL_MAX)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url.slice(0, 30)).toBe(414);
      expect(res.json()).toMatchObject({ code: 'uri_too_long' });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a path that does not decode with 400 and the error body', async () => {
    const res = await t.app.inject({ url: '/api/rewards/user/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe("Node's client errors (raw sockets)", () => {
  it('answers a request line longer than the header limit with 414 and the error body', async () => {
    const r = parse(await raw(`GET /api/languages/supported?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: cairn\r\n\r\n`));
    expect(r.status).toBe(414);
    expect(r.body).toMatchObject({ code: 'uri_too_long' });
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers header fields over the limit with 431 and the error body', async () => {
    const r = parse(
      await raw(`GET /api/languages/supported HTTP/1.1\r\nHost: cairn\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`),
    );
    expect(r.status).toBe(431);
    expect(r.body).toMatchObject({ code: 'headers_too_large' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a malformed request with 400 and the error body instead of bare text', async () => {
    const r = parse(await raw('BLAH\r\n\r\n'));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation_failed', message: 'The request is not valid HTTP' });
    expect(r.headers.connection).toBe('close');
  });

  it('answers a request that did not arrive in time with 408 request_timeout', () => {
    const e = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    expect(httpRefusal(e).statusCode).toBe(408);
    expect(httpRefusal(e).toBody()).toMatchObject({ code: 'request_timeout' });
  });

  it('still serves a normal request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/languages/supported`);
    expect(res.status).toBe(200);
  });
});
