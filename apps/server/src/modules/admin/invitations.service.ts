import { type AcceptInvitation, INVITATION_TTL_DAYS, type LoginResponse } from '@cairn/shared';
import { invitationLabels } from '@cairn/shared/invitation-mail';
import { isSupportedLocale } from '@cairn/shared/locales';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, invitations, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../plugins/mail';
import { type SessionMeta, signIn, type TokenTtls } from '../accounts';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** The job that mails invitations (one job per invite or per import, with up to this many people). */
export const INVITE_MAIL_JOB = 'admin-invitation-mail';
export const INVITE_JOB_BATCH = 500;

export interface InviteMailJob {
  userIds: number[];
}

const invalidInvitation = () =>
  new HttpError(
    422,
    'invalid_invitation',
    'This invitation link is invalid, was replaced by a newer one or has expired',
  );

/** The page the invitation opens, in the invitee's language: /welcome/new?invitation=… (docs/admin.md). */
export function invitationLink(publicUrl: string, language: string, token: string): string {
  const prefix = isSupportedLocale(language) && language !== 'en' ? `/${language}` : '';
  const u = new URL(`${prefix}/welcome/new`, publicUrl);
  u.searchParams.set('invitation', token);
  return u.toString();
}

/**
 * A new single-use link for the user, valid INVITATION_TTL_DAYS: the open ones are revoked first (re-sending
 * replaces the old link). Returns the token; only its hash is stored.
 */
export async function issueInvitation(tx: Tx, userId: number, createdBy: number | null): Promise<string> {
  await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
  const token = newToken('inv');
  await tx.insert(invitations).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    createdBy,
  });
  await tx.update(users).set({ invitedAt: sql`now()` }).where(eq(users.id, userId));
  return token;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The invitation mail in the invitee's language. */
export function invitationMail(
  to: { email: string; firstname: string | null; language: string },
  company: string,
  href: string,
) {
  const l = invitationLabels(to.language);
  const fill = (s: string) => s.replaceAll('{{company}}', company).replaceAll('{{name}}', to.firstname ?? to.email);
  const lines = [fill(l.hello), '', fill(l.invited), '', `${l.action}: ${href}`, '', l.expires, '', l.ignore, ''];
  return {
    to: to.email,
    subject: fill(l.subject),
    text: lines.join('\n'),
    html:
      `<p>${escapeHtml(fill(l.hello))}</p><p>${escapeHtml(fill(l.invited))}</p>` +
      `<p><a href="${escapeHtml(href)}">${escapeHtml(l.action)}</a></p><p>${escapeHtml(l.expires)}</p>` +
      `<p>${escapeHtml(l.ignore)}</p>`,
  };
}

/**
 * The invitation mail job: for the people still waiting (invited, no password, not deactivated or erased), new links
 * (revoking the ones before) stored in one transaction, then one mail each. A retried job mails newer links; the
 * older ones then stop working.
 */
export async function sendInvitationMails(
  db: Db,
  mailer: Mailer,
  job: InviteMailJob,
  publicUrl: string,
): Promise<void> {
  if (job.userIds.length === 0) return;
  const waiting = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      language: users.language,
      company: customers.company,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        inArray(users.id, job.userIds),
        isNull(users.passwordHash),
        isNull(users.deletedAt),
        isNull(users.deactivatedAt),
        isNotNull(users.email),
      ),
    );
  if (waiting.length === 0) return;
  const ids = waiting.map((u) => u.id);
  const tokens = waiting.map(() => newToken('inv'));
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(invitations.userId, ids), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    await tx
      .insert(invitations)
      .values(waiting.map((u, i) => ({ userId: u.id, tokenHash: hashToken(tokens[i]), expiresAt })));
    await tx.update(users).set({ invitedAt: sql`now()` }).where(inArray(users.id, ids));
  });
  waiting.forEach((u, i) => {
    const email = u.email as string;
    mailer.send(invitationMail({ ...u, email }, u.company, invitationLink(publicUrl, u.language, tokens[i])));
  });
}

/**
 * POST /api/invitations/{token}: sets the password, records the accepted terms, uses the link up (one statement
 * guards it, so two tabs cannot both use it) and signs the person in.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: AcceptInvitation,
  meta: Omit<SessionMeta, 'method'>,
  ttl: TokenTtls,
): Promise<LoginResponse> {
  // a link that cannot work is refused before the (deliberately slow) password hash: guesses cost the server nothing
  const [open] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  if (!open) throw invalidInvitation();
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(token)),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, sql`now()`),
          sql`exists (select 1 from ${users} u where u.id = ${invitations.userId} and u.deleted_at is null
                        and u.deactivated_at is null)`,
        ),
      )
      .returning({ userId: invitations.userId });
    if (!used) throw invalidInvitation();
    await tx
      .update(users)
      .set({ passwordHash, invitedAt: null, termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, now())` })
      .where(eq(users.id, used.userId));
    return used.userId;
  });
  return signIn(db, userId, { ...meta, method: 'password' }, ttl, true);
}
