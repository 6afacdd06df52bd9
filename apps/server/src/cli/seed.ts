import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { SCALE_DEFAULTS, SCALE_PASSWORD, type ScaleOptions, scaleEmail, seedScale } from '../db/seed/scale';
import { openDatabase, runCli } from './database';

const USAGE = `usage: npm run seed -- [--learners N] [--trails N] [--started N] [--pebbles N] [--company NAME]
  builds (or rebuilds) one customer at scale: N learners, a coach, N trails assigned to everyone, progress on
  --started trails per learner (defaults: ${JSON.stringify(SCALE_DEFAULTS)})`;

function parse(args: string[]): ScaleOptions | null {
  const o = { ...SCALE_DEFAULTS };
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (name === '--company' && value) o.company = value;
    else if (['--learners', '--trails', '--started', '--pebbles'].includes(name) && /^\d+$/.test(value ?? '')) {
      (o as Record<string, unknown>)[name.slice(2)] = Number(value);
    } else return null;
  }
  if (o.learners < 1 || o.trails < 1 || o.pebbles < 1 || o.started < 0 || o.started > o.trails) return null;
  return o;
}

async function main(args: string[]): Promise<number> {
  const options = parse(args);
  if (!options) {
    console.error(USAGE);
    return 2;
  }
  const { database, maintenanceUrl, embedded } = await openDatabase();
  // migrated (and demo-seeded) as the app's role above; the bulk load writes with the row triggers off, which needs
  // the embedded PostgreSQL's superuser (the app's role is not one, docs/security.md)
  const bulk = createDatabase(maintenanceUrl, { max: 2, statementTimeoutMs: loadConfig().dbSetupStatementTimeoutMs });
  try {
    const { customerId, ms } = await seedScale(bulk, options);
    console.log(
      `seeded ${options.company} (customer ${customerId}): ${options.learners} learners, ${options.trails} trails, ` +
        `${options.started} started each, in ${(ms / 1000).toFixed(1)} s`,
    );
    console.log(
      `sign in as ${scaleEmail(options.company, 'coach')} or ${scaleEmail(options.company, 'learner00001')}, password ${SCALE_PASSWORD}`,
    );
    return 0;
  } finally {
    await bulk.close();
    await database.close();
    if (embedded?.owned) await embedded.stop();
  }
}

runCli(main);
