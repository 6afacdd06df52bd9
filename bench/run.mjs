#!/usr/bin/env node
// Runs every benchmark in bench/ one after another (not part of npm test).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'))
  .sort()) {
  console.log(`\n▶ bench/${f}`);
  spawnSync(process.execPath, [`${dir}${f}`, ...process.argv.slice(2)], { stdio: 'inherit' });
}
