import {
  GRAPH_NODE_STATES,
  type GraphNodeKind,
  type GraphNodeState,
  type TProjectGraph,
} from '@linkwatch/shared';

/**
 * The graph as the canvas draws it: the server's columns plus a position per node. The layout is
 * radial and computed in one pass (no force simulation, so 50,000 nodes place in milliseconds): the
 * site in the middle, tier 1 pages on a ring around it, each with a sector as wide as the tier 2 pages
 * it has, those fanned out in rows behind it; tier 2 pages that feed no tier 1 page ring the outside.
 */
export type GraphModel = {
  size: number;
  kind: readonly GraphNodeKind[];
  label: readonly string[];
  state: readonly GraphNodeState[];
  linkId: readonly (number | null)[];
  x: Float64Array;
  y: Float64Array;
  source: readonly number[];
  target: readonly number[];
  /** Each tier 2 node's tier 1 node it is drawn beside (-1: none). */
  parent: Int32Array;
};

export type TierFilter = 'all' | 'tier1' | 'tier2';
export type GraphFilter = { states: ReadonlySet<GraphNodeState>; tier: TierFilter; text: string };

export const NO_FILTER: GraphFilter = { states: new Set(GRAPH_NODE_STATES), tier: 'all', text: '' };

const TIER_FILTERS: readonly TierFilter[] = ['all', 'tier1', 'tier2'];

/**
 * The filter kept in the page's address, so a reload, the back button or a shared link shows the same
 * graph: `tier=tier1|tier2`, `states=ok,missing` (left out while every state is ticked; `states=` for
 * none) and `q=` for the URL text. Anything unknown reads as no filter.
 */
export function filterFromParams(params: URLSearchParams): GraphFilter {
  const tierParam = params.get('tier');
  const tier = TIER_FILTERS.find((t) => t === tierParam) ?? 'all';
  const statesParam = params.get('states');
  const states =
    statesParam === null
      ? new Set(GRAPH_NODE_STATES)
      : new Set(GRAPH_NODE_STATES.filter((state) => statesParam.split(',').includes(state)));
  return { tier, states, text: params.get('q') ?? '' };
}

/** The page's address parameters with the filter written in (other parameters kept). */
export function filterToParams(filter: GraphFilter, current: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (key: string, value: string | null) =>
    value === null ? params.delete(key) : params.set(key, value);
  set('tier', filter.tier === 'all' ? null : filter.tier);
  const every = GRAPH_NODE_STATES.every((state) => filter.states.has(state));
  set('states', every ? null : GRAPH_NODE_STATES.filter((state) => filter.states.has(state)).join(','));
  set('q', filter.text === '' ? null : filter.text);
  return params;
}

/** From this many nodes the camera's moves draw nodes only: no edges, no labels (sigma's own settings). */
export const LIGHT_MOVE_FROM = 5000;

/**
 * What sigma leaves out while the camera pans or zooms on a big graph, so the frames keep coming with
 * 50,000 nodes (the still picture is drawn in full when the move ends). Labels are drawn only for
 * nodes big enough on screen to read, and never for edges; edges take no pointer events.
 */
export function movingDetail(size: number) {
  const light = size >= LIGHT_MOVE_FROM;
  return {
    hideEdgesOnMove: light,
    hideLabelsOnMove: light,
    renderEdgeLabels: false,
    enableEdgeEvents: false,
    labelRenderedSizeThreshold: light ? 9 : 7,
  };
}

const TIER_ONE_RADIUS = 1;
const FAN_START = 1.6;
const FAN_DEPTH = 1.2;
const ORPHAN_RADIUS = FAN_START + FAN_DEPTH + 0.6;

export function toGraphModel(graph: TProjectGraph): GraphModel {
  const { nodes, edges } = graph;
  const size = nodes.id.length;
  const parent = new Int32Array(size).fill(-1);
  for (let j = 0; j < edges.source.length; j++) {
    const child = edges.target[j];
    if (nodes.kind[child] === 'tier2' && parent[child] === -1) parent[child] = edges.source[j];
  }
  const children = new Map<number, number[]>();
  const orphans: number[] = [];
  const tierOne: number[] = [];
  for (let i = 0; i < size; i++) {
    if (nodes.kind[i] === 'tier1') tierOne.push(i);
    if (nodes.kind[i] !== 'tier2') continue;
    if (parent[i] === -1) orphans.push(i);
    else {
      const list = children.get(parent[i]);
      if (list) list.push(i);
      else children.set(parent[i], [i]);
    }
  }
  const x = new Float64Array(size);
  const y = new Float64Array(size);
  const place = (i: number, angle: number, radius: number) => {
    x[i] = Math.cos(angle) * radius;
    y[i] = Math.sin(angle) * radius;
  };
  const weight = tierOne.reduce((sum, i) => sum + 1 + (children.get(i)?.length ?? 0), 0);
  let start = 0;
  for (const i of tierOne) {
    const fed = children.get(i) ?? [];
    const width = (2 * Math.PI * (1 + fed.length)) / weight;
    place(i, start + width / 2, TIER_ONE_RADIUS);
    fanOut({ nodes: fed, start, width, place });
    start += width;
  }
  orphans.forEach((i, k) => {
    place(i, (2 * Math.PI * k) / orphans.length, ORPHAN_RADIUS + (k % 3) * 0.15);
  });
  return {
    size,
    kind: nodes.kind,
    label: nodes.label,
    state: nodes.state,
    linkId: nodes.linkId,
    x,
    y,
    source: edges.source,
    target: edges.target,
    parent,
  };
}

/** A tier 1 page's tier 2 pages in rows across its sector, as deep as needed to keep them apart. */
function fanOut(params: {
  nodes: readonly number[];
  start: number;
  width: number;
  place: (i: number, angle: number, radius: number) => void;
}) {
  const { nodes, start, width, place } = params;
  if (nodes.length === 0) return;
  const rows = Math.max(1, Math.ceil(Math.sqrt(nodes.length / Math.max(1, width * 4))));
  const perRow = Math.ceil(nodes.length / rows);
  nodes.forEach((node, k) => {
    const row = Math.floor(k / perRow);
    const col = k % perRow;
    const radius = FAN_START + (rows === 1 ? 0 : (FAN_DEPTH * row) / (rows - 1));
    place(node, start + (width * (col + 0.5)) / perRow, radius);
  });
}

export type FilterResult = {
  /** 1 where a node is drawn. The site always is. */
  visible: Uint8Array;
  /** Nodes drawn (the site left out). */
  shown: number;
  /** Link nodes by state under the tier and text filter (a state's own tick does not zero its count). */
  counts: Record<GraphNodeState, number>;
  /** Drawn link nodes matching the text, when there is one, in node order. */
  matches: number[];
};

/** Which nodes the filter keeps, and the legend's counts. */
export function filterGraph(model: GraphModel, filter: GraphFilter): FilterResult {
  const visible = new Uint8Array(model.size);
  const counts = Object.fromEntries(GRAPH_NODE_STATES.map((s) => [s, 0])) as Record<GraphNodeState, number>;
  const needle = filter.text.trim().toLowerCase();
  const matches: number[] = [];
  let shown = 0;
  for (let i = 0; i < model.size; i++) {
    const kind = model.kind[i];
    if (kind === 'site') {
      visible[i] = 1;
      continue;
    }
    if (filter.tier !== 'all' && kind !== filter.tier) continue;
    if (needle && !model.label[i].toLowerCase().includes(needle)) continue;
    const state = model.state[i];
    counts[state] += 1;
    if (!filter.states.has(state)) continue;
    visible[i] = 1;
    shown += 1;
    if (needle) matches.push(i);
  }
  return { visible, shown, counts, matches };
}

/** Link nodes, whatever the filter. */
export function linkNodeCount(model: GraphModel): number {
  return model.size - model.kind.filter((k) => k === 'site').length;
}

export const STATE_COLORS: Record<GraphNodeState, string> = {
  ok: '#16a34a',
  missing: '#dc2626',
  error: '#ea580c',
  not_indexed: '#9333ea',
  unchecked: '#94a3b8',
  feeds_dead: '#a16207',
};
export const SITE_COLOR = '#2563eb';
export const NODE_SIZES: Record<GraphNodeKind, number> = { site: 14, tier1: 6, tier2: 3 };
