import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importPackage } from '../../modules/content/content.import';
import type { Storage } from '../../storage';
import type { Tx } from '../client';
import { DEMO_USERS } from './demo-data';

const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/demo');
/** The packages the demo seeds, in card order; the first fills the trail the public link `demo` points to. */
export const DEMO_PACKAGES = ['demo-exam.yaml', 'demo-survey.yaml', 'demo-assessment.yaml', 'demo-battle.yaml'];
const ASSIGNEES = [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email];

/** Imports the demo trail packages through the content importer and assigns them to Acme's demo users. */
export async function seedDemoTrails(
  tx: Tx,
  opts: { filesDir: string; storage?: Storage; customerId: number; publicTrailId: number },
): Promise<void> {
  for (const [i, file] of DEMO_PACKAGES.entries()) {
    const text = await fs.readFile(path.join(DEMO_DIR, file), 'utf8');
    await importPackage(tx, text, {
      baseDir: DEMO_DIR,
      filesDir: opts.filesDir,
      storage: opts.storage,
      customerId: opts.customerId,
      assign: ASSIGNEES,
      intoTrailId: i === 0 ? opts.publicTrailId : undefined,
    });
  }
}
