import { loadConfig } from '../config';
import { openStorage, type Storage } from '../storage';
import { copyStore } from '../storage/copy';
import { parseStorageUrl } from '../storage/storage-url';
import { runCli } from './database';

const USAGE = `usage: npm run storage -- copy --from <url> --to <url> [--prefix <key prefix>]
  copies every stored file from one store to another: file:///abs/dir or s3://bucket/prefix?region=…&endpoint=…
  (credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). Resumable: run it again after an interruption and
  files already copied (same size and MD5) are skipped. Every copy is verified; nothing is deleted from --from.
  example: npm run storage -- copy --from file://$PWD/data/files --to 's3://cairn-files?region=eu-west-1'`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function open(url: string, name: string): Storage {
  const target = parseStorageUrl(url, process.env.AWS_REGION);
  if (typeof target === 'string') throw new Error(`--${name}: ${target.replace(/^STORAGE_URL/, 'the URL')}`);
  // the same credentials and checks as the server's (config.ts), from the same variables
  const { credentials } = loadConfig({ ...process.env, STORAGE_URL: url, STORAGE_REDIRECT: undefined }).storage;
  return openStorage(target, target.kind === 'local' ? target.dir : '', credentials);
}

async function main(args: string[]): Promise<number> {
  const [command] = args;
  const fromUrl = flag(args, 'from');
  const toUrl = flag(args, 'to');
  if (command !== 'copy' || !fromUrl || !toUrl) {
    console.error(USAGE);
    return 2;
  }
  const from = open(fromUrl, 'from');
  const to = open(toUrl, 'to');
  try {
    await to.probe();
    const started = Date.now();
    const report = await copyStore(from, to, { prefix: flag(args, 'prefix'), log: (l) => console.log(l) });
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${report.copied} copied (${report.bytes} bytes), ${report.skipped} already there, ` +
        `${report.failed.length} failed, in ${secs} s`,
    );
    if (report.failed.length > 0) {
      console.error('some files failed (listed above): run the same command again to retry them');
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
}

runCli(main);
