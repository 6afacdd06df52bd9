// The import walls of the repository (issue 27), checked by scripts/import-graph.mjs in `npm run lint`.
// Module-level rules live here; the cycles between whole web features and whole server modules (a folder
// collapsed to one node) are computed by the script from the same cruise, since a cycle between two features
// rarely closes at the level of single files.
const FEATURE = '^apps/web/src/features/';
const TESTS = ['\\.test\\.tsx?$', '/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-public-face',
      comment:
        'A web feature uses another feature only through its public face, features/<name>/index.ts (or the folder ' +
        'itself): what a feature keeps in components/, api.ts or store.ts is its own. Export what others need from ' +
        'index.ts instead (a lazy view as a load* function there).',
      severity: 'error',
      from: { path: `${FEATURE}([^/]+)/` },
      to: {
        path: `${FEATURE}[^/]+/`,
        pathNot: [`${FEATURE}$1/`, `${FEATURE}[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-feature-not-into-app',
      comment:
        'app/ (the frame: layouts, header, side panel, live events, popups) composes the features; a feature never imports it.',
      severity: 'error',
      from: { path: FEATURE, pathNot: TESTS },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-lib-ui-generic',
      comment: 'lib/ and ui/ are the generic pieces under every feature: they import neither a feature nor app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|ui)/', pathNot: TESTS },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'web-no-circular',
      comment: 'No cycle between the modules of the web app.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'server-plugin-module-public-face',
      comment:
        'A server plugin uses a module only through its public face, modules/<name>/index.ts (which registers the ' +
        "module's routes and jobs and exports what plugins need of it): export it there instead of importing an internal.",
      severity: 'error',
      from: { path: '^apps/server/src/plugins/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-lib-generic',
      comment:
        'apps/server/src/lib/ (the actor, tokens, the PDF renderer, …) is under every module and plugin: it imports neither.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: TESTS },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    // type-only imports count: a cycle of types is still a cycle between the parts
    tsPreCompilationDeps: true,
  },
  // Folders whose subfolders must not import each other in a cycle (scripts/import-graph.mjs), tests aside.
  groups: [
    { name: 'web features', pattern: `${FEATURE}([^/]+)/` },
    { name: 'server modules', pattern: '^apps/server/src/modules/([^/]+)/' },
  ],
  testPaths: TESTS,
};
