// The dependency rule (docs/ARCHITECTURE.md, "Layers and the dependency rule"; docs/decisions/019-dependency-rule.md).
// Run with `npm run lint:deps`; any violation is an error and fails `npm run lint` and `npm test`.

const TEST_FILES = '\\.test\\.tsx?$';

// Layers inside src/server, lowest first. A layer may import its own and lower layers only.
const FOUNDATION = '^src/server/(env\\.ts$|logger\\.ts$|db/|jobs/|providers/|realtime/)';
const HTTP_AND_AUTH = '^src/server/(http|auth)/';
const MODULES = '^src/server/modules/';
const COMPOSITION_ROOT = '^src/server/(app|server|services|index)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'shared-is-self-contained',
      comment: 'src/shared is used by both the browser and the server, so it imports neither of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-to-server',
      comment:
        'The browser app never imports server code. The one exception is a type-only import of src/server/app.ts ' +
        '(its ApiRoutes type, for a typed hono/client); see web-to-server-app-type-only.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/', pathNot: '^src/server/app\\.ts$' },
    },
    {
      name: 'web-to-server-app-type-only',
      comment:
        'The browser app may import src/server/app.ts for types only: `import type { ApiRoutes } from ...`. ' +
        'dependency-cruiser marks an inline `import { type ApiRoutes }` as type-only too, but under ' +
        'verbatimModuleSyntax TypeScript keeps it as `import {} from` (the server module would load in the browser), ' +
        'so the test is pre-compilation-only: the import must vanish from the compiled output.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/app\\.ts$', dependencyTypesNot: ['pre-compilation-only'] },
    },
    {
      name: 'server-not-to-web',
      comment: 'The server never imports browser code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'server-file-in-a-layer',
      comment:
        'Every server file belongs to a layer, so the layer rules below cover it. Add a new top-level file or ' +
        'folder to one of the layers in .dependency-cruiser.mjs.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: [FOUNDATION, HTTP_AND_AUTH, MODULES, COMPOSITION_ROOT, TEST_FILES] },
      to: {},
    },
    {
      name: 'foundation-not-to-higher-layers',
      comment:
        'env, logger, db, jobs, providers and realtime are the lowest layer: they never import http, auth, modules ' +
        'or the composition root.',
      severity: 'error',
      from: { path: FOUNDATION, pathNot: TEST_FILES },
      to: { path: [HTTP_AND_AUTH, MODULES, COMPOSITION_ROOT] },
    },
    {
      name: 'http-auth-not-to-modules',
      comment: 'http and auth sit below the modules: they never import a module or the composition root.',
      severity: 'error',
      from: { path: HTTP_AND_AUTH, pathNot: TEST_FILES },
      to: { path: [MODULES, COMPOSITION_ROOT] },
    },
    {
      name: 'modules-not-to-composition-root',
      comment: 'Modules never import the composition root (app.ts, server.ts, services.ts, index.ts).',
      severity: 'error',
      from: { path: MODULES, pathNot: TEST_FILES },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in src, between modules included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-between-modules',
      comment:
        'No cycles between the folders of src/server/modules either, even when no single file is in a cycle ' +
        '(orders → notifications/x.ts, notifications → orders/y.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { path: '^src/server/modules/[^/]+$', circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import in src resolves to a file or an installed package.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Server tests, and the helpers outside src, are left out: they are exempt from the layer rules, and their
    // imports (a module's test calling another module, tests/test-app.ts building the whole app) would otherwise
    // count as dependencies between modules. Tests in src/web and src/shared stay in, so the web rules cover them.
    exclude: { path: ['^src/server/db/migrations/', '^src/server/.*\\.test\\.tsx?$', '^(tests|e2e|bench)/'] },
    // Type-only imports are dependencies too (a type cycle is still a cycle). 'specify' keeps them and marks those
    // that disappear from the compiled output as pre-compilation-only, which web-to-server-app-type-only relies on.
    tsPreCompilationDeps: 'specify',
    // Resolves the @shared/*, @web/* and @server/* aliases.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
