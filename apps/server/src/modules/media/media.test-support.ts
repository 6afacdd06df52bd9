import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig, type MediaConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';

export type MediaTestApp = TestApp & { dir: string };

const MB = 1024 * 1024;

/** A test app whose files and image cache live in a directory of its own, so the test can look at the disk. */
export async function createMediaApp(
  limits: Partial<MediaConfig['limits']> = {},
  extend?: Parameters<typeof createTestApp>[2],
  /** the rest of the media configuration (zip caps, quotas, disk reserve, image cache); the defaults otherwise */
  media: Partial<Omit<MediaConfig, 'limits' | 'imageCacheDir'>> = {},
): Promise<MediaTestApp> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-media-'));
  const t = await createTestApp(
    {
      filesDir: path.join(dir, 'files'),
      media: {
        ...loadConfig({}).media,
        // a test machine's disk may be nearly full: only the tests of the reserve ask for one
        diskReserveBytes: 0,
        ...media,
        imageCacheDir: path.join(dir, 'cache', 'img'),
        limits: { image: 10 * MB, audio: 20 * MB, video: 100 * MB, file: 20 * MB, ...limits },
      },
    },
    {},
    extend,
  );
  return {
    ...t,
    dir,
    async close() {
      await t.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A real multipart/form-data body for app.inject(). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cairn${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A solid PNG of the given size. */
export const png = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

export const jpeg = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();

export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Every file under a directory, relative paths. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
