import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { HttpError } from './http-error';

// scrypt N=2^14, r=8, p=1 (16 MiB, ~50 ms here): memory-hard; the parameters live in each hash so they can be raised later
const PARAMS = { N: 16_384, r: 8, p: 1 };
const KEY_LEN = 32;
const MAXMEM = 128 * 1024 * 1024;
/** Sign-ins waiting for the hashing thread beyond this are refused (429) rather than queued for seconds. */
const MAX_WAITING = 256;

/**
 * The hashing thread: one worker thread that derives keys one at a time with scryptSync, at a low CPU priority
 * (nice 10 — on Linux a thread's own nice value — about a tenth of a core's share when the cores are busy; nice 19
 * would starve sign-ins for seconds on a loaded server). A burst of sign-ins queues here instead of taking every
 * core from the requests being served and from PostgreSQL; sign-in stays memory-hard, only its scheduling changes.
 */
const WORKER = `
  const { parentPort } = require('node:worker_threads');
  const { scryptSync } = require('node:crypto');
  try { require('node:os').setPriority(10); } catch {}
  parentPort.on('message', (m) => {
    try {
      const key = scryptSync(m.password, Buffer.from(m.salt), m.keyLen, { N: m.N, r: m.r, p: m.p, maxmem: m.maxmem });
      parentPort.postMessage({ id: m.id, key });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
    }
  });`;

type Pending = { resolve: (key: Buffer) => void; reject: (err: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let seq = 0;

function hashingThread(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER, { eval: true });
  w.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) w.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(Buffer.from(m.key!));
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`password hashing thread exited (${code})`)));
  w.unref(); // an idle hashing thread never keeps the process alive; a pending hash does (derive refs it)
  worker = w;
  return w;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  if (pending.size >= MAX_WAITING)
    return Promise.reject(new HttpError(429, 'rate_limited', 'Too many sign-ins at once'));
  const w = hashingThread();
  const id = ++seq;
  return new Promise((resolve, reject) => {
    if (pending.size === 0) w.ref();
    pending.set(id, { resolve, reject });
    w.postMessage({ id, password: password.normalize('NFKC'), salt, keyLen: KEY_LEN, N, r, p, maxmem: MAXMEM });
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/** Burns the same time as a real check, so unknown accounts cannot be told apart by timing. */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummy);
  return false;
}
