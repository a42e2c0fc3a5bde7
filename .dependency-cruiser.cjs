/**
 * The house's boundaries, checked by `npm run lint` (DESIGN.md, "Layout"). Run per workspace so each
 * resolves its own `@/` alias: see the `lint:boundaries` script.
 */
/**
 * Files outside *.queries.ts that may build statements, and why: the worker's claims and record are the
 * lease protocol (SKIP LOCKED claims, fenced writes) that every action shares; the ledger is the one place
 * a balance changes, row-locked with its ledger row in one statement.
 */
const STATEMENT_INFRASTRUCTURE = [
  '^apps/server/src/worker/claims\\.ts$',
  '^apps/server/src/worker/record\\.ts$',
  '^apps/server/src/modules/balance/ledger\\.ts$',
];

/** Issue 26: files whose statements are being moved into queries files; this list only shrinks. */
const STATEMENTS_STILL_TO_MOVE = [
  // actions (branch actions)
  '^apps/server/src/modules/actions/action-events\\.ts$',
  '^apps/server/src/modules/actions/actions\\.service\\.ts$',
  '^apps/server/src/modules/actions/add-to-index/apply\\.ts$',
  '^apps/server/src/modules/actions/add-to-index/handler\\.ts$',
  '^apps/server/src/modules/actions/add-to-index/leave-out\\.ts$',
  '^apps/server/src/modules/actions/add-to-index/recheck\\.ts$',
  '^apps/server/src/modules/actions/check-authority/apply\\.ts$',
  '^apps/server/src/modules/actions/check-backlinks/apply\\.ts$',
  '^apps/server/src/modules/actions/check-backlinks/handler\\.ts$',
  '^apps/server/src/modules/actions/check-backlinks/tier2-counts\\.ts$',
  '^apps/server/src/modules/actions/check-indexing/apply\\.ts$',
  '^apps/server/src/modules/actions/item-links\\.ts$',
  '^apps/server/src/modules/actions/left-out\\.ts$',
  '^apps/server/src/modules/actions/lifecycle\\.ts$',
  '^apps/server/src/modules/actions/load-to-crawlers/handler\\.ts$',
  '^apps/server/src/modules/actions/prices\\.ts$',
  '^apps/server/src/modules/actions/remove-from-crawlers/queries\\.ts$',
  '^apps/server/src/modules/actions/report-changes\\.ts$',
  // links and anchors (branch links)
  '^apps/server/src/modules/anchors/anchors\\.filters\\.ts$',
  '^apps/server/src/modules/links/export\\.csv\\.ts$',
  '^apps/server/src/modules/links/export\\.rows\\.ts$',
  '^apps/server/src/modules/links/links\\.bulk\\.ts$',
  '^apps/server/src/modules/links/links\\.counters\\.ts$',
  '^apps/server/src/modules/links/links\\.filters\\.ts$',
  '^apps/server/src/modules/links/links\\.selection\\.ts$',
  '^apps/server/src/modules/links/links\\.service\\.ts$',
  '^apps/server/src/modules/links/links\\.stats\\.ts$',
  '^apps/server/src/modules/links/load-links\\.ts$',
  // the other modules, app, cli, demo (branch modules)
  '^apps/server/src/app\\.ts$',
  '^apps/server/src/cli/commands\\.ts$',
  '^apps/server/src/cli/payment-commands\\.ts$',
  '^apps/server/src/demo/project\\.ts$',
  '^apps/server/src/demo/seed\\.ts$',
  '^apps/server/src/modules/auth/auth\\.service\\.ts$',
  '^apps/server/src/modules/balance/blocking\\.ts$',
  '^apps/server/src/modules/balance/welcome\\.ts$',
  '^apps/server/src/modules/crawlers/crawlers\\.import\\.ts$',
  '^apps/server/src/modules/mailings/unsubscribe-token\\.ts$',
  '^apps/server/src/modules/notifications/notifications\\.service\\.ts$',
  '^apps/server/src/modules/payments/apply-event\\.ts$',
  '^apps/server/src/modules/payments/invoice\\.service\\.ts$',
  '^apps/server/src/modules/payments/levels\\.ts$',
  '^apps/server/src/modules/projects/projects\\.service\\.ts$',
  '^apps/server/src/modules/reports/reports\\.export\\.ts$',
  '^apps/server/src/modules/users/users\\.service\\.ts$',
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
        'db/ and the infrastructure files below build statements of their own (docs/architecture.md).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.queries\\.ts$',
          '\\.test\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/test/',
          ...STATEMENT_INFRASTRUCTURE,
          ...STATEMENTS_STILL_TO_MOVE,
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
