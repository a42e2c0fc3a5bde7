/**
 * The house's boundaries, checked by `npm run lint` (DESIGN.md, "Layout"). Run per workspace so each
 * resolves its own `@/` alias: see the `lint:boundaries` script.
 *
 * Files outside *.queries.ts that may build statements, and why: the worker's claims and record are the
 * lease protocol (SKIP LOCKED claims, fenced writes) that every action shares; the ledger is the one place
 * a balance changes, row-locked with its ledger row in one statement.
 */
const STATEMENT_INFRASTRUCTURE = [
  '^apps/server/src/worker/claims\\.ts$',
  '^apps/server/src/worker/record\\.ts$',
  '^apps/server/src/modules/balance/ledger\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A piece two modules need moves down to the module that owns it or to src/lib.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-package-imports-an-app',
      comment: 'packages/* are libraries the apps use; they never reach into an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-sql-in-routes',
      comment:
        'A route validates, authorises, calls a service and presents; statements live in *.queries.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/.+\\.routes\\.ts$' },
      to: { path: ['node_modules/drizzle-orm', '^apps/server/src/db/schema'] },
    },
    {
      name: 'no-statements-outside-queries',
      comment:
        'Every statement of a module lives in its *.queries.ts (services hold rules and transactions); ' +
        'db/ and the infrastructure files below build statements of their own (README, "Layout").',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.queries\\.ts$',
          '\\.test\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/test/',
          ...STATEMENT_INFRASTRUCTURE,
        ],
      },
      to: {
        path: ['node_modules/drizzle-orm', '^apps/server/src/db/schema'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-web-feature-imports-app',
      comment: 'App-wide state lives in src/lib; src/app only composes routes and layouts.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|ui|lib)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'no-web-feature-imports-a-page',
      comment:
        'Pages (src/pages) compose features; a feature, ui, lib or api never reaches up into a page. ' +
        'A piece a page and a feature share lives in the feature (or below it).',
      severity: 'error',
      from: { path: '^apps/web/src/(features|ui|lib|api)/' },
      to: { path: '^apps/web/src/pages/' },
    },
    {
      name: 'no-reaching-into-another-feature',
      comment: 'Another feature is used only through what its index.ts exports.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
