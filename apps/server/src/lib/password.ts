import { timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { HttpError } from './http-error';

/**
 * argon2id with OWASP's first row (Password Storage Cheat Sheet): m=19 MiB (19,456 KiB), t=2, p=1 — about 23 ms a
 * hash here (the scrypt N=2^14 it replaces, 8× below OWASP's scrypt row, took 97 ms back to back on the same loaded
 * machine). Stored as the PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, so the parameters travel with each hash and can be raised later.
 */
export const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Hashes from before argon2id: `scrypt$N$r$p$salt$hash`. They still verify, and are replaced at the next sign-in. */
const SCRYPT_KEY_LEN = 32;
const SCRYPT_MAXMEM = 128 * 1024 * 1024;
/** Stored argon2id parameters beyond these are refused rather than computed (a corrupt row must not eat the memory). */
const ARGON2_MAX = { memoryCost: 262_144, timeCost: 10, parallelism: 4 };
/** Sign-ins waiting for the hashing thread beyond this are refused (429) rather than queued for seconds. */
const MAX_WAITING = 256;

/**
 * The hashing thread: one worker thread that computes one hash at a time (argon2id with @node-rs/argon2's synchronous
 * calls, scrypt for old hashes), at a low CPU priority (nice 10 — on Linux a thread's own nice value — about a tenth
 * of a core's share when the cores are busy; nice 19 would starve sign-ins for seconds on a loaded server). The
 * synchronous calls keep the work on this thread: @node-rs/argon2's promise calls would go to libuv's pool (4 threads
 * at normal priority). A burst of sign-ins queues here instead of taking every core from the requests being served
 * and from PostgreSQL; the event loop never computes a hash.
 */
const WORKER = `
  const { parentPort, workerData } = require('node:worker_threads');
  const { scryptSync } = require('node:crypto');
  const argon2 = require(workerData.argon2);
  try { require('node:os').setPriority(10); } catch {}
  parentPort.on('message', (m) => {
    try {
      let result;
      if (m.op === 'scrypt')
        result = scryptSync(m.password, Buffer.from(m.salt), m.keyLen, { N: m.N, r: m.r, p: m.p, maxmem: m.maxmem });
      else if (m.op === 'argon2-hash') result = argon2.hashSync(m.password, m.options);
      else if (m.op === 'argon2-verify') result = argon2.verifySync(m.hash, m.password);
      else throw new Error('unknown hashing operation ' + m.op);
      parentPort.postMessage({ id: m.id, result });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
    }
  });`;

type Op =
  | { op: 'scrypt'; password: string; salt: Buffer; keyLen: number; N: number; r: number; p: number; maxmem: number }
  | { op: 'argon2-hash'; password: string; options: typeof ARGON2 & { algorithm: 2 } }
  | { op: 'argon2-verify'; password: string; hash: string };
type Pending = { resolve: (result: unknown) => void; reject: (err: Error) => void };
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let seq = 0;
let runs = 0;

function hashingThread(): Worker {
  if (worker) return worker;
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const w = new Worker(WORKER, { eval: true, workerData: { argon2 } });
  w.on('message', (m: { id: number; result?: unknown; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) w.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.result);
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`password hashing thread exited (${code})`)));
  w.unref(); // an idle hashing thread never keeps the process alive; a pending hash does (run refs it)
  worker = w;
  return w;
}

/** Queues one hash or check on the hashing thread; 429 when too many already wait. */
function run<T>(message: Op): Promise<T> {
  if (pending.size >= MAX_WAITING)
    return Promise.reject(new HttpError(429, 'rate_limited', 'Too many sign-ins at once'));
  const w = hashingThread();
  const id = ++seq;
  runs++;
  return new Promise<T>((resolve, reject) => {
    if (pending.size === 0) w.ref();
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
    w.postMessage({ ...message, id, password: message.password.normalize('NFKC') });
  });
}

/** How many hashes and checks were handed to the hashing thread since start (tests: both paths do the same work). */
export function hashingRuns(): number {
  return runs;
}

/** Hashes a password with argon2id (OWASP parameters above) as a PHC string. */
export function hashPassword(password: string): Promise<string> {
  return run<string>({ op: 'argon2-hash', password, options: { ...ARGON2, algorithm: 2 } });
}

const ARGON2ID =
  /^\$argon2id\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$[A-Za-z0-9+/]{11,64}\$[A-Za-z0-9+/]{16,128}$/;

/** The argon2id parameters of a stored hash, or null when it is not an argon2id PHC string. */
export function argon2Params(stored: string): { memoryCost: number; timeCost: number; parallelism: number } | null {
  const m = stored.length <= 256 ? ARGON2ID.exec(stored) : null;
  return m ? { memoryCost: Number(m[1]), timeCost: Number(m[2]), parallelism: Number(m[3]) } : null;
}

/** Checks a password against a stored hash (argon2id, or an old scrypt one) in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = argon2Params(stored);
  if (params) {
    if (Object.entries(ARGON2_MAX).some(([k, max]) => params[k as keyof typeof params] > max)) return false;
    return run<boolean>({ op: 'argon2-verify', password, hash: stored });
  }
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = Buffer.from(
    await run<Uint8Array>({
      op: 'scrypt',
      password,
      salt: Buffer.from(salt, 'base64url'),
      keyLen: SCRYPT_KEY_LEN,
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: SCRYPT_MAXMEM,
    }),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash is not argon2id with today's parameters: replace it after the next successful check. */
export function needsRehash(stored: string): boolean {
  const p = argon2Params(stored);
  return (
    !p || p.memoryCost !== ARGON2.memoryCost || p.timeCost !== ARGON2.timeCost || p.parallelism !== ARGON2.parallelism
  );
}

/**
 * The hash unknown accounts are checked against: argon2id with today's parameters (a test keeps them equal) of a
 * random password nobody kept. Fixed rather than made at the first use, so the first unknown sign-in does not
 * cost a hash more than a known one.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$TVHoOTNdUbFogYxczaYpzA$bolejGzZEakUzKZoW3x8/3T4RtMs4QadgFpl/DQq0Hk';

/** Burns the same work as a real check, so unknown accounts cannot be told apart by timing. */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
