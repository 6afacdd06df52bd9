import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { SNIFF_BYTES, sniff, ZIP_CANDIDATE } from './sniff';

const demo = (name: string) =>
  readFileSync(path.join(REPO_ROOT, 'apps/server/assets/demo/media', name)).subarray(0, SNIFF_BYTES);

describe('judging a file by its bytes (file-type)', () => {
  it.each([
    ['falling.wav', 'audio/wav', 'wav'],
    ['chime.ogg', 'audio/ogg', 'ogg'],
    ['bars.mp4', 'video/mp4', 'mp4'],
    ['apple.jpg', 'image/jpeg', 'jpg'],
    ['circle.png', 'image/png', 'png'],
  ])('knows %s', async (file, mimetype, ext) => {
    expect(await sniff(demo(file))).toMatchObject({ mimetype, ext });
  });

  it('trusts the bytes, not the name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await sniff(png, 'holiday.pdf')).toMatchObject({ kind: 'image', mimetype: 'image/png' });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    expect(await sniff(exe, 'avatar.png')).toBeNull();
  });

  it('tells legacy Office files apart by name only among themselves, and marks zips for a whole-file check', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    expect(await sniff(ole, 'budget.xls')).toMatchObject({ mimetype: 'application/vnd.ms-excel' });
    expect(await sniff(ole, 'letter')).toMatchObject({ mimetype: 'application/msword' });
    const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100)]);
    expect(await sniff(zip, 'x.docx')).toBe(ZIP_CANDIDATE);
  });

  it('accepts clean UTF-8 as text, refuses other unknown bytes and empty files', async () => {
    expect(await sniff(Buffer.from('สวัสดี, hello\n'))).toMatchObject({ mimetype: 'text/plain' });
    expect(await sniff(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]))).toBeNull();
    expect(await sniff(Buffer.alloc(0))).toBeNull();
  });
});
