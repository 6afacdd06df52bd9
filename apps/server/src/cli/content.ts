import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { exportTrail, packageToYaml } from '../modules/content/content.export';
import { ContentError, importPackage } from '../modules/content/content.import';
import { openDatabase as open, runCli } from './database';

const USAGE = `usage:
  npm run content -- import FILE [--customer NAME|ID] [--assign all|email,email…] [--starts-on DAY] [--due-on DAY]
  npm run content -- export TRAIL_ID [--out FILE]`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function customerId(database: Database, wanted: string | undefined): Promise<number> {
  const rows = await database.db
    .select({ id: customers.id, company: customers.company })
    .from(customers)
    .where(
      wanted === undefined
        ? sql`true`
        : /^\d+$/.test(wanted)
          ? eq(customers.id, Number(wanted))
          : sql`lower(${customers.company}) like ${`${wanted.toLowerCase()}%`}`,
    )
    .orderBy(asc(customers.id));
  if (rows.length === 0) throw new Error(`no customer ${wanted}`);
  if (wanted !== undefined && rows.length > 1) throw new Error(`--customer ${wanted} matches several customers`);
  return rows[0].id;
}

async function main(args: string[]): Promise<number> {
  const [command, target] = args;
  if (!command || !target || !['import', 'export'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const { database, embedded, filesDir, storage } = await open();
  try {
    if (command === 'import') {
      const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
      const text = await fs.readFile(file, 'utf8');
      const assign = flag(args, 'assign');
      const id = await importPackage(database.db, text, {
        baseDir: path.dirname(file),
        filesDir,
        storage,
        customerId: await customerId(database, flag(args, 'customer')),
        assign: assign === undefined ? undefined : assign === 'all' ? 'all' : assign.split(',').map((s) => s.trim()),
        startsOn: flag(args, 'starts-on'),
        dueOn: flag(args, 'due-on'),
      });
      console.log(`imported trail ${id}`);
    } else {
      const pkg = await exportTrail(database.db, Number(target));
      if (!pkg) throw new Error(`no trail ${target}`);
      const out = flag(args, 'out');
      if (out) await fs.writeFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), out), packageToYaml(pkg));
      else process.stdout.write(packageToYaml(pkg));
    }
    return 0;
  } catch (err) {
    if (err instanceof ContentError) {
      console.error(`refused: ${err.problems.length} problem(s), nothing imported`);
      for (const p of err.problems) console.error(`  ${p.path}: ${p.message}`);
    } else console.error(err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await database.close();
    if (embedded?.owned) await embedded.stop();
  }
}

runCli(main);
