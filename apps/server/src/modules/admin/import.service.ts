import {
  ADMIN_ROLES,
  type AdminRole,
  EMAIL_MAX,
  EMAIL_RE,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PROBLEMS_SHOWN,
  type ImportProblem,
  type ImportProblemKind,
  type ImportReport,
  LOCALE_CODES,
  NAME_MAX,
  TEAM_NAME_MAX,
} from '@cairn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { discussionParticipants, discussions, userRoles, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { Jobs } from '../../plugins/jobs';
import { recordAudit } from './audit.repo';
import { CsvTooLarge, parseCsv } from './csv';
import { INVITE_JOB_BATCH, INVITE_MAIL_JOB, type InviteMailJob } from './invitations.service';
import type { AdminCall } from './people.service';
import { roleFlags, roleIds } from './roles';

const REQUIRED = ['email', 'firstname', 'lastname', 'language', 'role'] as const;
const CHUNK = 1_000;

export const importTooLarge = () =>
  new HttpError(
    413,
    'payload_too_large',
    `A people import holds at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  );

interface GoodRow {
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  role: AdminRole;
  team: string | null;
}

const MESSAGES: Record<ImportProblemKind, string> = {
  missing: 'This column is empty',
  bad_email: 'This is not a valid e-mail address',
  duplicate_in_file: 'This address is in the file more than once',
  already_member: 'This address already has an account',
  unknown_language: `Unknown language (one of: ${LOCALE_CODES.join(', ')})`,
  unknown_role: `Unknown role (one of: ${ADMIN_ROLES.join(', ')})`,
  too_long: 'This value is too long',
  bad_header: 'This column is missing from the first line',
};

const LANGUAGES = new Map(LOCALE_CODES.map((c) => [c.toLowerCase().replace('_', '-'), c]));

/** Checks the whole file; returns its rows, or every problem by row and column. */
async function check(
  db: Db,
  text: string,
): Promise<{ rows: GoodRow[]; lines: number; problems: ImportProblem[]; count: number }> {
  let table: ReturnType<typeof parseCsv>;
  try {
    table = parseCsv(text, IMPORT_MAX_ROWS);
  } catch (err) {
    if (err instanceof CsvTooLarge) throw importTooLarge();
    throw err;
  }
  const problems: ImportProblem[] = [];
  let count = 0;
  const report = (row: number, column: string, problem: ImportProblemKind, message = MESSAGES[problem]) => {
    count++;
    if (problems.length < IMPORT_PROBLEMS_SHOWN) problems.push({ row, column, problem, message });
  };
  const col = new Map(table.header.map((h, i) => [h, i]));
  for (const c of REQUIRED) if (!col.has(c)) report(1, c, 'bad_header');
  if (count > 0) return { rows: [], lines: table.rows.length, problems, count };

  const rows: GoodRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const cell = (c: string) => (col.has(c) ? (cells[col.get(c) as number] ?? '').trim() : '');
    const before = count;
    const email = cell('email').toLowerCase();
    if (email === '') report(line, 'email', 'missing');
    else if (email.length > EMAIL_MAX || !EMAIL_RE.test(email)) report(line, 'email', 'bad_email');
    else if (firstLine.has(email)) {
      report(
        line,
        'email',
        'duplicate_in_file',
        `${MESSAGES.duplicate_in_file} (first on line ${firstLine.get(email)})`,
      );
    } else firstLine.set(email, line);
    for (const c of ['firstname', 'lastname'] as const) {
      if (cell(c) === '') report(line, c, 'missing');
      else if ([...cell(c)].length > NAME_MAX) report(line, c, 'too_long');
    }
    const lang = cell('language');
    const language = lang === '' ? 'en' : LANGUAGES.get(lang.toLowerCase().replace('_', '-'));
    if (!language) report(line, 'language', 'unknown_language');
    const r = cell('role').toLowerCase();
    const role = (r === '' ? 'learner' : r) as AdminRole;
    if (!ADMIN_ROLES.includes(role)) report(line, 'role', 'unknown_role');
    const team = cell('team');
    if ([...team].length > TEAM_NAME_MAX) report(line, 'team', 'too_long');
    if (count === before) {
      rows.push({
        email,
        firstname: cell('firstname'),
        lastname: cell('lastname'),
        language: language as string,
        role,
        team: team || null,
      });
    }
  }
  // already a member: one query for every address of the file
  const emails = [...firstLine.keys()];
  if (emails.length > 0) {
    const taken = await db.execute<{ email: string }>(
      sql`select lower(email) as email from users where lower(email) = any(${sql.param(emails)}::text[]) and deleted_at is null`,
    );
    const takenSet = new Set(taken.rows.map((t) => t.email));
    if (takenSet.size > 0) {
      for (const e of emails) if (takenSet.has(e)) report(firstLine.get(e) as number, 'email', 'already_member');
      problems.sort((a, b) => a.row - b.row);
    }
  }
  return { rows, lines: table.rows.length, problems, count };
}

/** The customer's teams by lower-cased name; the ones the file names and that do not exist yet are created. */
async function teamIds(tx: Tx, customerId: number, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  const existing = await tx
    .select({ id: discussions.id, name: discussions.name })
    .from(discussions)
    .where(and(eq(discussions.customerId, customerId), eq(discussions.type, 'team')));
  for (const t of existing) if (t.name && !ids.has(t.name.toLowerCase())) ids.set(t.name.toLowerCase(), t.id);
  const missing = names.filter(
    (n, i) => !ids.has(n.toLowerCase()) && names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i,
  );
  if (missing.length > 0) {
    const made = await tx
      .insert(discussions)
      .values(missing.map((name) => ({ customerId, type: 'team' as const, name })))
      .returning({ id: discussions.id, name: discussions.name });
    for (const t of made) ids.set((t.name as string).toLowerCase(), t.id);
  }
  return ids;
}

/**
 * POST /api/admin/users/import: the whole file is checked first; a file with any problem imports nothing (the
 * report lists every problem by row and column). A good file creates every account, role and team membership in
 * one transaction with one audit entry, then the invitation mails go out through the job queue.
 */
export async function importPeople(
  db: Db,
  jobs: Jobs,
  call: AdminCall,
  file: Buffer,
  dryRun: boolean,
): Promise<ImportReport> {
  if (file.length > IMPORT_MAX_BYTES) throw importTooLarge();
  const { rows, lines, problems, count } = await check(db, file.toString('utf8'));
  if (count > 0) return { dry_run: dryRun, rows: lines, created: 0, problems, problem_count: count };
  if (dryRun) return { dry_run: true, rows: rows.length, created: 0, problems: [], problem_count: 0 };
  const customerId = call.admin.customerId;
  let ids: number[];
  try {
    ids = await db.transaction(async (tx) => {
      const roles = await roleIds(tx);
      const made: number[] = [];
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        const inserted = await tx
          .insert(users)
          .values(
            chunk.map((r) => ({
              customerId,
              email: r.email,
              firstname: r.firstname,
              lastname: r.lastname,
              language: r.language,
              invitedAt: sql`now()`,
              ...roleFlags(r.role),
            })),
          )
          .returning({ id: users.id });
        made.push(...inserted.map((u) => u.id));
        await tx.insert(userRoles).values(
          chunk.map((r, j) => ({
            userId: inserted[j].id,
            roleId: r.role === 'learner' ? roles.learner : roles.coach,
          })),
        );
      }
      const teams = await teamIds(
        tx,
        customerId,
        rows.flatMap((r) => (r.team ? [r.team] : [])),
      );
      const members = rows.flatMap((r, i) =>
        r.team ? [{ discussionId: teams.get(r.team.toLowerCase()) as number, userId: made[i] }] : [],
      );
      for (let i = 0; i < members.length; i += CHUNK) {
        await tx
          .insert(discussionParticipants)
          .values(members.slice(i, i + CHUNK))
          .onConflictDoNothing();
      }
      await recordAudit(tx, {
        actorId: call.admin.userId,
        customerId,
        action: 'user.import',
        objectType: 'import',
        objectId: null,
        ip: call.ip,
        detail: { created: made.length, teams: teams.size },
      });
      return made;
    });
  } catch (err) {
    // an address taken between the check and the insert: nothing was imported; the caller checks again
    if ((err as { code?: string }).code === '23505') {
      throw new HttpError(409, 'import_invalid', 'An address of the file was taken meanwhile; nothing was imported');
    }
    throw err;
  }
  for (let i = 0; i < ids.length; i += INVITE_JOB_BATCH) {
    await jobs.enqueue<InviteMailJob>(INVITE_MAIL_JOB, { userIds: ids.slice(i, i + INVITE_JOB_BATCH) });
  }
  return { dry_run: false, rows: rows.length, created: ids.length, problems: [], problem_count: 0 };
}
