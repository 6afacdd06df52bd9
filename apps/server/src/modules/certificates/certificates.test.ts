import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userCertificates } from '../../db/schema';
import { signUrl } from '../../lib/file-urls';
import { renderPdf } from '../../lib/pdf/pdf.renderer';
import { importTest, optionId, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { extractPdfItems } from '../../test/pdf-text';
import { certificateSpec } from '../results/results.pdf';

const TRAIL = `format: cairn-trail/1
name: Logo trail
type: survey
certificate: { title: Logo certificate, when: completed }
pebbles:
  - name: L1
    minerals:
      - type: sa_text
        title: Pick one
        values: [ 'a', 'b' ]
`;

/** Image XObjects in a PDF (pdfkit writes object dictionaries uncompressed). */
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('certificate PDF', () => {
  it.each(['en', 'th', 'de'])('writes "Date:" before the date, on one line, not over it (%s)', async (locale) => {
    const pdf = await renderPdf(
      certificateSpec({ locale, title: 'Cert', learner: 'Lena', trail: 'Trail', issuedAt: new Date('2026-11-25') }),
    );
    const items = await extractPdfItems(pdf);
    const label = items.findIndex((i) => i.str.endsWith(':'));
    expect(label).toBeGreaterThanOrEqual(0);
    const [l, v] = [items[label], items[label + 1]];
    expect(v.str).toMatch(/2026|2569/);
    expect(Math.abs(l.y - v.y)).toBeLessThan(1);
    expect(l.x + l.width).toBeLessThanOrEqual(v.x + 0.5);
    // the line stays centred on the page (A4 landscape: 841.89 pt wide)
    expect(Math.abs((l.x + v.x + v.width) / 2 - 841.89 / 2)).toBeLessThan(2);
  });

  it('has no image without a logo', async () => {
    const pdf = await renderPdf(
      certificateSpec({ locale: 'en', title: 'C', learner: 'L', trail: 'T', issuedAt: new Date('2026-01-02') }),
    );
    expect(images(pdf)).toBe(0);
  });

  it("embeds the customer's logo (an SVG, rasterised) in the certificate the job renders", async () => {
    const trailId = await importTest(t, TRAIL, { assign: ['learner@example.com'] });
    const { access_token } = await login(t.app, 'learner@example.com', 'learner123');
    const p = player(t, access_token);
    const peb = await p.pebble(trailId);
    await p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, 'a')] }]);
    await t.app.jobs.drain();
    const [cert] = await t.database.db.select().from(userCertificates).where(eq(userCertificates.trailId, trailId));
    expect(cert.pdfUrl).toMatch(/^\/files\/pdfs\/certificates\//);
    const pdf = await fs.readFile(path.join(t.config.filesDir, cert.pdfUrl!.replace(/^\/files\//, '')));
    // (a PNG with transparency brings its soft mask, an image of its own)
    expect(images(pdf)).toBeGreaterThanOrEqual(1);
    const res = await t.app.inject({ url: `/api/certificates/user/${cert.id}`, headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.event, 'NOTIFY_CERTIFICATE'), eq(notifications.userId, cert.userId)));
    expect(n.data).toMatchObject({ certificates: [cert.id], pdf: cert.pdfUrl });
  });

  it('notifies the certificate with an image of it (PNG) as `file`, beside the PDF', async () => {
    const [n] = await t.database.db.select().from(notifications).where(eq(notifications.event, 'NOTIFY_CERTIFICATE'));
    const data = n.data as { file: string; pdf: string };
    expect(data.file).toMatch(/^\/files\/pdfs\/certificates\/.+\.png$/);
    expect(data.file).not.toBe(data.pdf);
    const png = await fs.readFile(path.join(t.config.filesDir, data.file.replace(/^\/files\//, '')));
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    // the landscape A4 page
    expect(Math.round(((meta.width ?? 0) / (meta.height ?? 1)) * 100)).toBe(Math.round((841.89 / 595.28) * 100));
    // drawn: not a blank page (the ink of the texts, the frame and the logo)
    const stats = await sharp(png).greyscale().stats();
    expect(stats.isOpaque).toBe(true);
    expect(stats.channels[0].max).toBe(255);
    expect(stats.channels[0].min).toBeLessThan(100);
    const res = await t.app.inject({ url: signUrl(data.file) as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/png/);
  });
});
