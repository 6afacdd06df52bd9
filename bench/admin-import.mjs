#!/usr/bin/env node
// The people import at scale (issue 30): a CSV of 10,000 people (email, names, language, role, team) posted by
// Acme's admin to POST /api/admin/users/import, first with ?dry_run=1 (the whole file checked), then for real (every
// account, role and team membership in one transaction). Target: under a minute for 10,000 rows. Then how long the
// job queue takes to mail the 10,000 invitations (.eml files in the outbox: the mail seam without SMTP).
// The server runs as `npm start` on a fresh DATA_DIR with the embedded PostgreSQL on a fixed port.
// Usage: node bench/admin-import.mjs [rows, default 10000]
import { benchDb, startServer } from './_server.mjs';

const rows = Number(process.argv[2] ?? 10_000);
const name = 'bench-admin-import';
const server = await startServer(name, 3294, { EMBEDDED_PG_PORT: '3295' });
let db;
try {
  db = await benchDb(name);
  const login = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'coach@example.com', password: 'coach123', accepted: true }),
  });
  const { data } = await login.json();
  const headers = { authorization: `Bearer ${data.access_token}` };
  const lines = ['email,firstname,lastname,language,role,team'];
  const languages = ['en', 'de', 'fr', 'es', 'zh_CN'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `person${i}@bench.example,Person,Number ${i},${languages[i % 5]},${i % 50 ? 'learner' : 'coach'},Team ${i % 20}`,
    );
  }
  const csv = lines.join('\n');
  const post = async (query) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/admin/users/import${query}`, { method: 'POST', headers, body: form });
    const body = await res.json();
    return { status: res.status, ms: Math.round(performance.now() - t0), body };
  };
  const dry = await post('?dry_run=1');
  const real = await post('');
  const t0 = performance.now();
  let mailed = 0;
  while (performance.now() - t0 < 600_000) {
    const r = await db.query(
      "select count(*)::int as n from invitations i join users u on u.id = i.user_id where u.email like 'person%@bench.example'",
    );
    mailed = r.rows[0].n;
    if (mailed >= rows) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const invitedMs = Math.round(performance.now() - t0);
  console.table([
    { case: `dry run, ${rows} rows`, status: dry.status, ms: dry.ms, 'under 60 s': dry.ms < 60_000 ? 'yes' : 'no' },
    {
      case: `import, ${rows} rows`,
      status: real.status,
      ms: real.ms,
      created: real.body.data?.created,
      'under 60 s': real.ms < 60_000 ? 'yes' : 'no',
    },
    { case: 'invitation links stored, after the answer', status: '', ms: invitedMs, created: mailed },
  ]);
  // the mails are written after their links are stored: give the outbox a moment and count the files
  const { readdirSync } = await import('node:fs');
  await new Promise((r) => setTimeout(r, 5_000));
  let files = 0;
  try {
    files = readdirSync(`${server.dataDir}/outbox`).length;
  } catch {}
  console.log(`outbox: ${files} .eml files 5 s after the last link was stored`);
} finally {
  await db?.end();
  await server.stop();
}
