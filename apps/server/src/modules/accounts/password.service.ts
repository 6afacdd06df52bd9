import { FORM_RULES, type RuleFailure, validateForm, validateValue } from '@cairn/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { assertValid, HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../plugins/mail';
import { findLiveUserByEmail } from './accounts.service';
import { revokeAllSessions } from './sessions.service';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FORGOT_MESSAGE = 'If an account exists for this email, we have sent a password reset link to it';
export const RESET_DONE_MESSAGE = 'Your password has been reset';

const invalidResetToken = () =>
  new HttpError(422, 'invalid_reset_token', 'This password reset link is invalid or has expired');

/**
 * The link to put in the mail: the client's URL when its origin is trusted, else the same path on PUBLIC_URL,
 * so nobody can have us mail a valid token to a page of theirs.
 */
export function resetLinkBase(clientUrl: string, publicUrl: string, trustedOrigins: string[]): URL {
  const u = new URL(clientUrl);
  const allowed = [new URL(publicUrl).origin, ...trustedOrigins];
  return allowed.includes(u.origin) ? new URL(u.origin + u.pathname) : new URL(u.pathname, publicUrl);
}

/** The job that mails a reset link; the forgot request only queues it, whatever the account. */
export const RESET_MAIL_JOB = 'password-reset-mail';
/** At most this many reset mails per account per hour; further requests answer the same and mail nothing. */
export const RESET_MAILS_PER_HOUR = 3;

export interface ResetMailJob {
  username: string;
  url: string;
}

/**
 * POST /api/password/forgot: checks the input, then queues the reset mail job for any address. The request itself
 * never looks the account up, so known and unknown addresses take the same path and the same time; the job (off the
 * request path) finds the account, applies the hourly limit, stores the token and mails the link.
 */
export async function requestPasswordReset(
  enqueue: (job: ResetMailJob) => Promise<unknown>,
  input: { username: string; url: string },
): Promise<void> {
  const failures: Record<string, RuleFailure> = validateForm(input, FORM_RULES.forgot);
  const urlFailure = validateValue(input.url, [{ rule: 'required' }]);
  if (urlFailure) failures.url = urlFailure;
  else if (!URL.canParse(input.url) || !/^https?:$/.test(new URL(input.url).protocol)) {
    failures.url = { rule: 'url', params: {} };
  }
  assertValid(failures);
  await enqueue({ username: input.username, url: input.url });
}

/**
 * The reset mail job: under a lock on the address (so concurrent requests cannot exceed the limit), one statement
 * stores a token for the live account with that address unless it already had RESET_MAILS_PER_HOUR in the last hour,
 * then the link is mailed. Unknown addresses run the same statements and store nothing.
 */
export async function sendResetMail(
  db: Db,
  mailer: Mailer,
  job: ResetMailJob,
  cfg: { publicUrl: string; trustedOrigins: string[] },
): Promise<void> {
  const token = newToken('rst');
  const email = job.username.trim();
  const stored = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('password-reset:' || lower(${email})))`);
    const rows = await tx.execute<{ email: string }>(sql`
      insert into password_resets (user_id, token_hash, expires_at)
      select u.id, ${hashToken(token)}, ${new Date(Date.now() + RESET_TOKEN_TTL_MS)}
        from users u
       where lower(u.email) = lower(${email}) and u.deleted_at is null and u.email is not null
         and (select count(*) from password_resets r
               where r.user_id = u.id and r.created_at > now() - interval '1 hour') < ${RESET_MAILS_PER_HOUR}
       limit 1
      returning (select email from users where id = user_id) as email`);
    return rows.rows[0]?.email ?? null;
  });
  if (!stored) return;
  const link = resetLinkBase(job.url, cfg.publicUrl, cfg.trustedOrigins);
  link.searchParams.set('email', stored);
  link.searchParams.set('token', token);
  const href = link.toString();
  mailer.send({
    to: stored,
    subject: 'Reset your Cairn password',
    text: `Someone asked to reset the password of your Cairn account.\n\nOpen this link within 60 minutes to choose a new password:\n${href}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your Cairn account.</p><p><a href="${escapeHtml(href)}">Choose a new password</a> (the link works once, within 60 minutes).</p><p>If it was not you, ignore this mail; your password stays as it is.</p>`,
  });
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** POST /api/password/reset: checks the single-use token, sets the password and signs out every session. */
export async function resetPassword(
  db: Db,
  input: { username: string; token: string; password: string; password_confirmation?: string },
): Promise<void> {
  const rules: Record<string, (typeof FORM_RULES.reset)[keyof typeof FORM_RULES.reset]> = {
    password: FORM_RULES.reset.password,
  };
  // the spec's reset call sends the password only; a confirmation, when sent, must match
  if (input.password_confirmation !== undefined) rules.password_confirmation = FORM_RULES.reset.password_confirmation;
  const failures = validateForm(input, { ...rules, username: FORM_RULES.forgot.username });
  const tokenFailure = validateValue(input.token, [{ rule: 'required' }]);
  if (tokenFailure) failures.token = tokenFailure;
  assertValid(failures);

  // known and unknown accounts take the same path: the new password is hashed and the token claim runs either way
  // (for no account it matches nothing), so the answer's time does not tell whether the address has an account
  const user = await findLiveUserByEmail(db, input.username);
  const newHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    // claiming the token in one conditional update makes it single-use even under concurrent requests
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          eq(passwordResets.userId, user?.id ?? 0),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ id: passwordResets.id });
    if (claimed.length === 0 || !user) throw invalidResetToken();
    await tx.update(users).set({ passwordHash: newHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    // older links for this account die with the password they were meant to replace
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    return user.id;
  });
  await revokeAllSessions(db, userId);
}
