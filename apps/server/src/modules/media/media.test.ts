import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadResponseSchema } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import {
  createMediaApp,
  filesUnder,
  jpeg,
  type MediaTestApp,
  multipart,
  type Part,
  pdf,
  png,
} from '../../test/fixtures/media.fixtures';
import { bearer, login } from '../../test/harness';

let t: MediaTestApp;
let learner: string;
let rival: string;
let globex: string;
beforeAll(async () => {
  // a 64 KB image limit makes the 413 cheap to provoke; other kinds keep their defaults
  t = await createMediaApp({ image: 64 * 1024 });
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  rival = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
  globex = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
});
afterAll(() => t.close());

const upload = (token: string | null, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/media',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
};
const file = (filename: string, content: Buffer): Part => ({ name: 'file', filename, content });
const rowCount = async () => (await t.database.db.select({ id: media.id }).from(media)).length;
const stored = () => filesUnder(path.join(t.dir, 'files'));

describe('POST /media', () => {
  it('stores an image and answers id, url, mimetype and title', async () => {
    const res = await upload(learner, [file('Holiday photo.png', await png(30, 20))]);
    expect(res.statusCode).toBe(200);
    const body = uploadResponseSchema.parse(res.json());
    expect(body.mimetype).toBe('image/png');
    expect(body.title).toBe('Holiday photo');
    // a private file: the URL carries a signature that expires (docs/security.md)
    expect(body.url).toMatch(/^\/files\/media\/\d+\/[0-9a-f]{32}\.png\?exp=\d+&sig=[\w-]{32}$/);
    const key = body.url.slice('/files/'.length).split('?')[0];
    await expect(fs.stat(path.join(t.dir, 'files', key))).resolves.toBeTruthy();
    const [row] = await t.database.db.select().from(media).where(eq(media.id, body.id));
    expect(row).toMatchObject({ kind: 'image', width: 30, height: 20 });
    // the signed URL really serves the file
    const served = await t.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a file of another kind than its upload question asks for (mineral_type): 415 upload_correct_file_type', async () => {
    const before = await rowCount();
    const send = (type: string, part: Part) => {
      const { payload, headers } = multipart([part]);
      return t.app.inject({
        method: 'POST',
        url: `/media?mineral_type=${type}`,
        payload,
        headers: { ...headers, ...bearer(learner) },
      });
    };
    // a PDF named like a photo for a photo question, a PNG for an audio question
    for (const res of [
      await send('image_input', file('photo.png', pdf())),
      await send('audio_input', file('voice.png', await png(4, 4))),
    ]) {
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'upload_correct_file_type' });
    }
    expect(await rowCount()).toBe(before);
    // the right kind, and any kind for a file question
    expect((await send('image_input', file('photo.png', await png(4, 4)))).statusCode).toBe(200);
    expect((await send('file_input', file('notes.pdf', pdf()))).statusCode).toBe(200);
    // not an upload question: 422
    expect((await send('text_input', file('photo.png', await png(4, 4)))).statusCode).toBe(422);
  });

  it('judges the type from the content, not the name', async () => {
    const res = await upload(learner, [file('picture.png', pdf())]);
    expect(res.statusCode).toBe(200);
    expect(res.json().mimetype).toBe('application/pdf');
    expect(res.json().url).toMatch(/\.pdf\?exp=/);
  });

  it.each([
    ['song.mp3', Buffer.concat([Buffer.from('ID3\x04\x00\x00'), randomBytes(200)]), 'audio/mpeg'],
    [
      'clip.bin',
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypqt  '), randomBytes(64)]),
      'video/quicktime',
    ],
    ['clip.mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(64)]), 'video/mp4'],
    ['notes.txt', Buffer.from('Plain notes\nwith ümlauts\n'), 'text/plain'],
    [
      'report.docx',
      Buffer.from(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w/>') })),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ])('recognises %s as %s', async (name, content, mimetype) => {
    const res = await upload(learner, [file(name, content)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().mimetype).toBe(mimetype);
  });

  it.each([
    ['setup.exe', Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(5000)])],
    ['noise.png', randomBytes(5000)],
    ['archive.zip', Buffer.from(zipSync({ 'a.txt': strToU8('hello') }))],
  ])('refuses %s with 415 and stores nothing', async (name, content) => {
    const before = await rowCount();
    const res = await upload(learner, [file(name, content)]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
    expect(await rowCount()).toBe(before);
    expect((await stored()).filter((f) => !f.startsWith('media/'))).toEqual([]);
  });

  it('refuses a too large file with 413 and leaves nothing on disk or in the table', async () => {
    const filesBefore = await stored();
    const rowsBefore = await rowCount();
    const big = Buffer.concat([await png(8, 8), randomBytes(200 * 1024)]);
    const res = await upload(learner, [file('big.png', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(await stored()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('answers 422 without a file field and 415 for a JSON body', async () => {
    const res = await upload(learner, [{ name: 'title', value: 'no file' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toBeDefined();
    const json = await t.app.inject({ method: 'POST', url: '/media', headers: bearer(learner), payload: {} });
    expect(json.statusCode).toBe(415);
  });

  it('answers 400 for a malformed multipart body and stores nothing, on uploads and vaults', async () => {
    const before = await stored();
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=xx', JSON.stringify({ file: 'not really' })],
      [
        'multipart/form-data; boundary=xx',
        '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ],
      ['multipart/form-data', '--xx\r\n\r\n'],
      ['multipart/form-data; boundary=xx', '\u0000\u0001garbage'],
      // shapes a fuzz run found answered 500 before
      ['multipart/form-data; boundary=xx', '\r\n'],
      ['multipart/form-data; boundary=xx', 'garbageContent-Type: image/png--xxname="parent_id"'],
      ['multipart/form-data; boundary=xx', '"Content-Disposition: form-datagarbage\r\nname="parent_id"'],
    ];
    for (const url of ['/media', '/api/vaults']) {
      for (const [type, payload] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(learner), 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${payload.slice(0, 20)}`).toBeLessThan(500);
        expect([400, 415, 422]).toContain(res.statusCode);
        expect(res.json().message).toBeTruthy();
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('requires sign-in', async () => {
    const res = await upload(null, [file('a.png', await png(4, 4))]);
    expect(res.statusCode).toBe(401);
  });

  it('keeps multipart away from every other route', async () => {
    const { payload, headers } = multipart([{ name: 'firstname', value: 'X' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      payload,
      headers: { ...headers, ...bearer(learner) },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('media access, deletion and downloads', () => {
  const uploaded = async (token: string, name: string, content: Buffer) =>
    uploadResponseSchema.parse((await upload(token, [file(name, content)])).json());

  it("refuses another user's media (404) and another customer's (404)", async () => {
    const mine = await uploaded(learner, 'mine.png', await png(10, 10));
    for (const token of [rival, globex]) {
      expect((await t.app.inject({ url: `/api/media/${mine.id}`, headers: bearer(token) })).statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/media/${mine.id}`, headers: bearer(token) });
      expect(del.statusCode).toBe(404);
      const dl = await t.app.inject({ url: `/api/media/${mine.id}/download`, headers: bearer(token) });
      expect(dl.statusCode).toBe(404);
    }
    const own = await t.app.inject({ url: `/api/media/${mine.id}`, headers: bearer(learner) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: mine.id, type: 'image', useThumb: true });
  });

  it('deletes the row (soft) and the stored file', async () => {
    const m = await uploaded(learner, 'gone.jpg', await jpeg(10, 10));
    const onDisk = path.join(t.dir, 'files', m.url.slice('/files/'.length).split('?')[0]);
    await fs.stat(onDisk);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/media/${m.id}`, headers: bearer(learner) });
    expect(res.statusCode).toBe(200);
    await expect(fs.stat(onDisk)).rejects.toThrow();
    const [row] = await t.database.db.select().from(media).where(eq(media.id, m.id));
    expect(row.deletedAt).not.toBeNull();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/media/${m.id}`, headers: bearer(learner) });
    expect(again.statusCode).toBe(404);
  });

  it('downloads one file as title + extension', async () => {
    const content = pdf();
    const m = await uploaded(learner, 'Überblick 2024.png', content);
    const res = await t.app.inject({ url: `/api/media/${m.id}/download`, headers: bearer(learner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Überblick 2024.pdf')}`,
    );
    expect(res.headers['content-disposition']).toContain('attachment; filename="_berblick 2024.pdf"');
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('zips several files into downloads.zip', async () => {
    const a = await png(12, 12);
    const b = Buffer.from('some notes\n');
    const ma = await uploaded(learner, 'same.png', a);
    const mb = await uploaded(learner, 'same.txt', b);
    const res = await t.app.inject({ url: `/api/media/download?ids=${ma.id},${mb.id}`, headers: bearer(learner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="downloads.zip"');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['same.png', 'same.txt']);
    expect(Buffer.from(entries['same.png']).equals(a)).toBe(true);
    expect(strFromU8(entries['same.txt'])).toBe('some notes\n');

    const theirs = await uploaded(rival, 'theirs.png', await png(5, 5));
    const mixed = await t.app.inject({
      url: `/api/media/download?ids=${ma.id},${theirs.id}`,
      headers: bearer(learner),
    });
    expect(mixed.statusCode).toBe(404);
  });
});
