/**
 * `npm run lint:boundaries`: the house's import rules (.dependency-cruiser.cjs) for each workspace,
 * with its own tsconfig so the `@/` alias resolves, and the cycles between the server's modules and
 * layers, which dependency-cruiser's own cycle rule cannot see (it looks at files, not folders).
 */
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';

const ruleSet = await extractDepcruiseConfig('./.dependency-cruiser.cjs');
// Each app resolves `@/` to its own src (tsconfig's paths, which the resolver does not read without a baseUrl).
const areas = [
  {
    files: ['packages/shared/src', 'packages/checker/src', 'apps/server/src', 'apps/server/bench'],
    alias: { '@': path.resolve('apps/server/src') },
  },
  { files: ['apps/web/src'], alias: { '@': path.resolve('apps/web/src') } },
];

const seen = new Set();
for (const area of areas) {
  const result = await cruise(
    area.files,
    { ...ruleSet.options, validate: true, ruleSet },
    { alias: area.alias },
  );
  for (const v of result.output.summary.violations) {
    const line = `${v.rule.name}: ${v.from} → ${v.to}`;
    if (seen.has(line)) continue;
    seen.add(line);
    console.error(v.cycle ? `${line} (${v.cycle.map((c) => c.name ?? c).join(' → ')})` : line);
  }
}
let failed = seen.size > 0;

// The server's rooms: each module of src/modules, and each other folder or file of src.
const ROOMS = '^apps/server/src/(modules/[^/]+|[^/]+)';
const rooms = await cruise(
  ['apps/server/src'],
  {
    collapse: ROOMS,
    exclude: { path: ['\\.test\\.ts$', '^apps/server/src/test/'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
  { alias: areas[0].alias },
);
const graph = new Map(
  rooms.output.modules.map((m) => [
    m.source,
    m.dependencies
      .map((d) => d.resolved)
      .filter((to) => to.startsWith('apps/server/src/') && to !== m.source),
  ]),
);
for (const group of stronglyConnected(graph).filter((g) => g.length > 1)) {
  console.error(`no-module-cycles: ${group.join(' ↔ ')}`);
  for (const from of group)
    for (const to of graph.get(from) ?? []) if (group.includes(to)) console.error(`  ${from} → ${to}`);
  failed = true;
}

if (failed) process.exit(1);
console.log('boundaries: no violations');

/** Tarjan's algorithm: the groups of rooms that reach each other. */
function stronglyConnected(edges) {
  let next = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (node) => {
    order.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of edges.get(node) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node), order.get(to)));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      group.push(member);
    } while (member !== node);
    groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return groups;
}
