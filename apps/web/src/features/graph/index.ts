// The link graph (issue 31): a project's site, tier 1 and tier 2 pages drawn as one graph.
export { graphKeys } from './api/graph.ts';
export { ProjectGraph } from './GraphView.tsx';
export { graphPath } from './paths.ts';
