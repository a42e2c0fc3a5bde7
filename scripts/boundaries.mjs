/**
 * `npm run lint:boundaries`: the house's import rules (.dependency-cruiser.cjs) for each workspace,
 * with its own tsconfig so the `@/` alias resolves, and the cycles between the server's modules and
 * layers and between the web's features and folders, which dependency-cruiser's own cycle rule cannot
 * see (it looks at files, not folders).
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

// The rooms whose imports may not go round in a circle (Tarjan over the folders collapsed to one node
// each). The server's: each module of src/modules, and each other folder or file of src. The web's: each
// feature of src/features, and each other folder (pages, app, ui, lib, api, …) or file of src.
const roomAreas = [
  {
    src: 'apps/server/src',
    rooms: '^apps/server/src/(modules/[^/]+|[^/]+)',
    tests: ['\\.test\\.ts$', '^apps/server/src/test/'],
    alias: areas[0].alias,
  },
  {
    src: 'apps/web/src',
    rooms: '^apps/web/src/(features/[^/]+|[^/]+)',
    tests: ['\\.test\\.tsx?$', '^apps/web/src/test/'],
    alias: areas[1].alias,
  },
];
for (const area of roomAreas) {
  for (const group of await roomCycles(area)) {
    console.error(`no-module-cycles: ${group.members.join(' ↔ ')}`);
    for (const [from, to] of group.edges) console.error(`  ${from} → ${to}`);
    failed = true;
  }
}

if (failed) process.exit(1);
console.log('boundaries: no violations');

/** The groups of an app's rooms that import each other, each with the imports that close the circle. */
async function roomCycles({ src, rooms, tests, alias }) {
  const collapsed = await cruise(
    [src],
    {
      collapse: rooms,
      exclude: { path: tests },
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    },
    { alias },
  );
  const graph = new Map(
    collapsed.output.modules.map((m) => [
      m.source,
      m.dependencies.map((d) => d.resolved).filter((to) => to.startsWith(`${src}/`) && to !== m.source),
    ]),
  );
  return stronglyConnected(graph)
    .filter((members) => members.length > 1)
    .map((members) => ({
      members,
      edges: members.flatMap((from) =>
        (graph.get(from) ?? []).filter((to) => members.includes(to)).map((to) => [from, to]),
      ),
    }));
}

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
