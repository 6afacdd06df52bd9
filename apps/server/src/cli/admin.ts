import { isSupportedLocale } from '@cairn/shared/locales';
import { and, isNull, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { createCustomer, listCustomers } from '../modules/admin/customers.service';
import { invitationLink } from '../modules/admin/invitations.service';
import { openDatabase as open, runCli } from './database';

const USAGE = `usage:
  npm run admin -- customer create --company NAME --admin EMAIL [--firstname NAME] [--lastname NAME] [--language CODE]
  npm run admin -- customer list
  npm run admin -- operator grant --email EMAIL     (makes an existing account an operator: is_root)`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * The operator's command line (docs/admin.md): creates a customer and its first admin, printing the invitation
 * link (the way into an empty deployment), lists customers, and makes an account an operator. On an empty database
 * it does not add the demo data: the customer made here is the deployment's first.
 */
async function main(args: string[]): Promise<number> {
  const [noun, verb] = args;
  const command = `${noun ?? ''} ${verb ?? ''}`;
  if (!['customer create', 'customer list', 'operator grant'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const { database, embedded } = await open({ seed: false });
  try {
    if (command === 'customer create') {
      const company = flag(args, 'company');
      const email = flag(args, 'admin');
      const language = flag(args, 'language') ?? 'en';
      if (!company || !email || !isSupportedLocale(language)) {
        console.error(USAGE);
        return 2;
      }
      const made = await createCustomer(
        database.db,
        {
          company,
          admin_email: email,
          admin_firstname: flag(args, 'firstname'),
          admin_lastname: flag(args, 'lastname'),
          language,
        },
        { userId: null, ip: null },
        { issueLink: true },
      );
      console.log(`customer ${made.id} "${made.company}" created; admin ${email} (user ${made.adminId}) invited.`);
      console.log('Send them this link (it works once, within 7 days) to set their password:');
      console.log(invitationLink(loadConfig().publicUrl, language, made.token as string));
    } else if (command === 'customer list') {
      for (const c of await listCustomers(database.db)) console.log(`${c.id}\t${c.company}\t${c.users} people`);
    } else {
      const email = flag(args, 'email');
      if (!email) {
        console.error(USAGE);
        return 2;
      }
      const done = await database.db
        .update(users)
        .set({ isRoot: true })
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (done.length === 0) throw new Error(`no account ${email}`);
      console.log(`${email} (user ${done[0].id}) is an operator: /admin/customers creates customers.`);
    }
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      const fields = Object.entries(err.extra.errors ?? {}).map(([f, m]) => `  ${f}: ${m.join(', ')}`);
      console.error([`refused: ${err.message}`, ...fields].join('\n'));
    } else if (err && typeof err === 'object' && 'issues' in err) {
      const issues = (err as { issues: { path: PropertyKey[]; message: string }[] }).issues;
      console.error(['refused:', ...issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)].join('\n'));
    } else console.error(err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await database.close();
    if (embedded?.owned) await embedded.stop();
  }
}

runCli(main);
