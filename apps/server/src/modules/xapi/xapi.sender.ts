import { trimTrailing } from '@cairn/shared';
import type { Statement } from '@xapi/xapi';
import * as xapiValidation from 'xapi-validation';
import type { Db } from '../../db/client';
import {
  claimBatch,
  customersDue,
  loadContent,
  loadSettings,
  markFailed,
  markRetry,
  markSent,
  type OutboxRow,
  type XapiSettingsRow,
} from './xapi.repo';
import { statementsOf } from './xapi.statements';

export const XAPI_JOB = 'xapi-send';
/** statements' rows per POST (an answered pebble may give several statements) */
export const BATCH = 50;
/** how long a claimed batch is someone's before it is due again (a process that died mid-send) */
const LEASE_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SendOptions {
  /** the deployment's public address (the actor's homePage, the activities' base) */
  base: string;
  /** first retry delay; doubles with every attempt of a statement */
  retryBaseMs?: number;
  retryCapMs?: number;
  log?: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

/** OAuth 2 access tokens per customer, until shortly before they expire. */
const tokens = new Map<number, { token: string; until: number; key: string }>();

async function authorization(s: XapiSettingsRow): Promise<string> {
  if (s.authKind === 'basic') return `Basic ${Buffer.from(`${s.username}:${s.secret}`).toString('base64')}`;
  const key = `${s.tokenUrl}|${s.username}|${s.secret}`;
  const cached = tokens.get(s.customerId);
  if (cached && cached.key === key && cached.until > Date.now()) return `Bearer ${cached.token}`;
  const res = await fetch(String(s.tokenUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(s.username)}:${encodeURIComponent(s.secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'statements/write' }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('token endpoint sent no access_token');
  const life = Math.max(30, Number(body.expires_in ?? 300)) * 1000;
  tokens.set(s.customerId, { token: body.access_token, until: Date.now() + life - 15_000, key });
  return `Bearer ${body.access_token}`;
}

type Validate = (data: unknown) => { path: (string | number)[] }[];
/**
 * Learning Locker's validator is CommonJS with an `exports.default`: under tsx the default import is the function,
 * in the compiled ESM bundle it is the module object (Node's interop); take the function either way.
 */
const mod = xapiValidation as unknown as { default: Validate | { default: Validate } };
const validateStatement: Validate = typeof mod.default === 'function' ? mod.default : mod.default.default;

/** What the validator (xapi-validation, Learning Locker's) finds wrong with a statement, or null. */
export function invalidReason(statement: Statement): string | null {
  const warnings = validateStatement(statement);
  if (warnings.length === 0) return null;
  return warnings
    .slice(0, 5)
    .map((w) => `${w.path.join('.')}: ${w.constructor.name}`)
    .join('; ');
}

/**
 * Sends every statement due now, customer by customer, in batches, oldest first (docs/xapi.md). A statement the
 * validator refuses never leaves (kept as failed, with the reason); an LRS that is down, slow or refuses the
 * credentials gets the batch again after a backoff; a 409 means the LRS has those ids already (an earlier send whose
 * answer was lost), so they count as delivered. Safe to run from several processes at once (claimed batches).
 */
export async function sendDue(db: Db, opts: SendOptions): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, failed: 0 };
  const base = opts.retryBaseMs ?? 1000;
  const cap = opts.retryCapMs ?? 5 * 60_000;
  for (const customerId of await customersDue(db, 20)) {
    const settings = await loadSettings(db, customerId);
    for (let round = 0; round < 20; round++) {
      const rows = await claimBatch(db, customerId, BATCH, LEASE_SECONDS);
      if (rows.length === 0) break;
      if (!settings?.enabled) {
        // turned off since: kept for when it is turned on again
        await markRetry(db, rows, 'the LRS is turned off', cap, cap);
        report.retried += rows.length;
        break;
      }
      const content = await loadContent(db, rows);
      const ready: { row: OutboxRow; statements: Statement[] }[] = [];
      const invalid: number[] = [];
      let reason = '';
      for (const row of rows) {
        const statements = statementsOf(row, { base: opts.base, settings, content });
        const bad = statements.map(invalidReason).find((r) => r !== null);
        if (bad) {
          invalid.push(row.id);
          reason = `invalid statement: ${bad}`;
          opts.log?.error({ outboxId: row.id, reason: bad }, 'xAPI statement refused by the validator; not sent');
        } else ready.push({ row, statements });
      }
      await markFailed(db, invalid, reason);
      report.failed += invalid.length;
      const empty = ready.filter((r) => r.statements.length === 0).map((r) => r.row.id);
      await markSent(db, empty);
      const sending = ready.filter((r) => r.statements.length > 0);
      if (sending.length === 0) continue;
      const outcome = await post(
        settings,
        sending.flatMap((r) => r.statements),
      );
      const ids = sending.map((r) => r.row.id);
      if (outcome.ok) {
        await markSent(db, ids);
        report.sent += ids.length;
      } else if (outcome.permanent) {
        await markFailed(db, ids, outcome.error);
        report.failed += ids.length;
        opts.log?.error({ customerId, error: outcome.error }, 'xAPI batch refused by the LRS');
      } else {
        await markRetry(
          db,
          sending.map((r) => r.row),
          outcome.error,
          base,
          cap,
        );
        report.retried += ids.length;
        opts.log?.warn({ customerId, error: outcome.error }, 'xAPI batch not delivered; retrying later');
        break;
      }
    }
  }
  return report;
}

type Outcome = { ok: true } | { ok: false; permanent: boolean; error: string };

async function post(settings: XapiSettingsRow, statements: Statement[]): Promise<Outcome> {
  try {
    const res = await fetch(`${trimTrailing(settings.endpoint, '/')}/statements`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-experience-api-version': '1.0.3',
        authorization: await authorization(settings),
      },
      body: JSON.stringify(statements),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => {});
    if (res.ok || res.status === 409) return { ok: true };
    if (res.status === 401 || res.status === 403) {
      tokens.delete(settings.customerId);
      return { ok: false, permanent: false, error: `the LRS refused the credentials (${res.status})` };
    }
    if (res.status === 400 || res.status === 413) {
      return { ok: false, permanent: true, error: `the LRS refused the statements (${res.status})` };
    }
    return { ok: false, permanent: false, error: `the LRS answered ${res.status}` };
  } catch (err) {
    return { ok: false, permanent: false, error: `the LRS could not be reached (${(err as Error).message})` };
  }
}
