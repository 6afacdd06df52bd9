import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadResponseSchema } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { createMediaApp, type MediaTestApp, multipart, pdf, png } from '../../test/fixtures/media.fixtures';
import { bearer, login } from '../../test/harness';

/**
 * Issue 26 (low): a private stored file never renders as a page of the app's origin. Served from /files/ it is an
 * attachment; a PDF opens inline but sandboxed (Content-Security-Policy: sandbox). Images still load in <img>.
 */
let t: MediaTestApp;
let token: string;
beforeAll(async () => {
  t = await createMediaApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

/** Uploads a file and answers its signed /files/ URL, as the API hands it out. */
async function uploaded(filename: string, content: Buffer): Promise<string> {
  const { payload, headers } = multipart([{ name: 'file', filename, content }]);
  const res = await t.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(token) } });
  return uploadResponseSchema.parse(res.json()).url;
}

describe('private files at /files/', () => {
  it('serves a user upload as an attachment (an <img> ignores the header and still shows it)', async () => {
    for (const [name, content, type] of [
      ['pic.png', await png(10, 10), 'image/png'],
      ['notes.txt', Buffer.from('<script>alert(1)</script>\n'), 'text/plain'],
    ] as const) {
      const res = await t.app.inject({ url: await uploaded(name, content) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f]{32}\.\w+"$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('opens a PDF inline, sandboxed', async () => {
    const res = await t.app.inject({ url: await uploaded('doc.pdf', pdf()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(String(res.headers['content-security-policy'])).toMatch(/(^|; )sandbox$/);
  });

  it('leaves public content (a customer logo) inline, as it was', async () => {
    const dir = path.join(t.dir, 'files', 'customers', 'acme');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'logo.png'), await png(4, 4));
    const res = await t.app.inject({ url: '/files/customers/acme/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
