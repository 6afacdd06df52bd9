import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEMO_USERS } from '../db/seed/demo-data';
import { createTestApp, type TestApp } from '../test/harness';

describe('TRUST_PROXY', () => {
  it('accepts false, a hop count or proxy addresses/CIDRs, and refuses true naming the variable', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1/128,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1/128',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid configuration: TRUST_PROXY=true is no longer/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY must be a hop count between 1 and 10/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be .*10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY must be/);
  });
});

describe('the client address behind TRUST_PROXY=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 }, { RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  // what the load balancer (10.0.0.2) forwards: whatever X-Forwarded-For the client sent, then the address it saw
  const viaProxy = (claimed: string, seen: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': `${claimed}, ${seen}` },
      payload: { username: DEMO_USERS.learner.email, password: 'wrong-guess' },
    });

  it('a client changing its own X-Forwarded-For does not change its rate-limit key', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await viaProxy(`192.0.2.${i + 1}`, '198.51.100.20')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429]);
    // another client behind the same proxy has its own count
    expect((await viaProxy('192.0.2.1', '198.51.100.21')).statusCode).toBe(422);
  });
});
