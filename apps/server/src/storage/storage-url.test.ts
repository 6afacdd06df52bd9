import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseStorageUrl } from './storage-url';

/** STORAGE_URL, STORAGE_REDIRECT and the AWS_* variables: what starts, and what stops the start naming the variable. */
describe('STORAGE_URL', () => {
  it('defaults to local disk under DATA_DIR/files, and takes a file:// directory', () => {
    const c = loadConfig({ DATA_DIR: '/srv/cairn' });
    expect(c.storage.target).toEqual({ kind: 'local', dir: '/srv/cairn/files' });
    expect(c.filesDir).toBe('/srv/cairn/files');
    const f = loadConfig({ STORAGE_URL: 'file:///mnt/files' });
    expect(f.filesDir).toBe('/mnt/files');
  });

  it('reads bucket, prefix, region, endpoint and addressing style of an s3:// URL', () => {
    expect(parseStorageUrl('s3://cairn-files')).toEqual({
      kind: 's3',
      bucket: 'cairn-files',
      prefix: '',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(parseStorageUrl('s3://cairn/prod/eu/?region=auto&endpoint=https://acc.r2.cloudflarestorage.com')).toEqual({
      kind: 's3',
      bucket: 'cairn',
      prefix: 'prod/eu/',
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://cairn?endpoint=http://minio:9000&path_style=0')).toMatchObject({
      forcePathStyle: false,
    });
    expect(loadConfig({ STORAGE_URL: 's3://cairn', AWS_REGION: 'eu-west-1' }).storage.target).toMatchObject({
      region: 'eu-west-1',
    });
  });

  it('stops the start naming the variable for a bad value', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ STORAGE_URL: 'ftp://files' }, /STORAGE_URL must be a file:\/\/ or s3:\/\/ URL/],
      [{ STORAGE_URL: 'not a url' }, /STORAGE_URL must be a file:\/\/ or s3:\/\/ URL/],
      [{ STORAGE_URL: 's3://Bad_Bucket' }, /STORAGE_URL names no valid bucket/],
      [{ STORAGE_URL: 's3://key:secret@cairn' }, /STORAGE_URL must not carry credentials/],
      [{ STORAGE_URL: 's3://cairn?bucket=x' }, /STORAGE_URL has an unknown parameter "bucket"/],
      [{ STORAGE_URL: 's3://cairn?endpoint=minio:9000' }, /STORAGE_URL endpoint must be an http/],
      [{ STORAGE_URL: 's3://cairn?region=EU WEST' }, /STORAGE_URL region must be/],
      [{ STORAGE_URL: 's3://cairn?path_style=yes' }, /STORAGE_URL path_style must be 0 or 1/],
      [{ STORAGE_URL: 's3://cairn/a%2F..%2Fb' }, /STORAGE_URL prefix must not contain/],
      [{ STORAGE_URL: `s3://cairn/${'a'.repeat(3000)}` }, /STORAGE_URL must be at most 2048 characters/],
      [{ STORAGE_REDIRECT: '1' }, /STORAGE_REDIRECT=1 needs an s3:\/\/ STORAGE_URL/],
      [{ STORAGE_URL: 's3://cairn', STORAGE_REDIRECT: 'yes' }, /STORAGE_REDIRECT must be 0 or 1/],
      [
        { STORAGE_URL: 's3://cairn', AWS_ACCESS_KEY_ID: 'k' },
        /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
      ],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/^Invalid configuration: /);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('takes the credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, else leaves them to the SDK', () => {
    expect(
      loadConfig({ STORAGE_URL: 's3://cairn', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' }).storage.credentials,
    ).toEqual({ accessKeyId: 'k', secretAccessKey: 's', sessionToken: undefined });
    expect(loadConfig({ STORAGE_URL: 's3://cairn' }).storage.credentials).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://cairn', STORAGE_REDIRECT: '1' }).storage.redirect).toBe(true);
  });
});
