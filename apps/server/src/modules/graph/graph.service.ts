import { normalizeUrl } from '@linkwatch/checker';
import {
  GRAPH_NODE_STATES,
  type GraphNodeKind,
  type GraphNodeState,
  IndexState,
  LinkCheckStatus,
  Tier,
  type TProjectGraph,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { listTierTwoBacklinks } from '../actions/check-backlinks/check-backlinks.queries.ts';
import { findGraphProject, type GraphLinkRow, listGraphLinks } from './graph.queries.ts';

type Db = Pick<AppContext, 'db'>;
type Scope = { userId: number; projectId: number };

const NOINDEX = /\b(noindex|none)\b/i;

/**
 * What a link's node reads, from its last check; a tier 2 link whose own backlink is there but that
 * feeds only dead tier 1 pages (`links.dead_feed_reason`, the tier flags) reads `feeds_dead`.
 */
export function nodeState(
  link: Pick<GraphLinkRow, 'checkStatus' | 'indexing' | 'metaRobots' | 'xRobotsTag' | 'deadFeedReason'>,
): GraphNodeState {
  if (link.checkStatus === null) return 'unchecked';
  if (link.checkStatus === LinkCheckStatus.Missing) return 'missing';
  if (link.checkStatus !== LinkCheckStatus.Found) return 'error';
  const noindex = NOINDEX.test(link.metaRobots ?? '') || NOINDEX.test(link.xRobotsTag ?? '');
  if (noindex || link.indexing === IndexState.NotIndexed) return 'not_indexed';
  if (link.deadFeedReason !== null) return 'feeds_dead';
  return 'ok';
}

const zeroCounts = () =>
  Object.fromEntries(GRAPH_NODE_STATES.map((s) => [s, 0])) as Record<GraphNodeState, number>;

/**
 * Nodes and edges from the rows: the site (node 0) → every tier 1 page → every tier 2 page that has a
 * backlink to that page's URL (URLs compared as the checker compares them). A tier 2 page that links
 * to no tier 1 page of the project (never checked, or pointing elsewhere) is a node without edges.
 */
export function buildGraph(params: {
  project: TProjectGraph['project'];
  rows: readonly GraphLinkRow[];
  targets: readonly { linkId: number; href: string }[];
}): TProjectGraph {
  const { project, rows } = params;
  const id: string[] = ['site'];
  const kind: GraphNodeKind[] = ['site'];
  const label: string[] = [project.mainDomain];
  const state: GraphNodeState[] = ['ok'];
  const linkId: (number | null)[] = [null];
  const source: number[] = [];
  const target: number[] = [];
  const counts = { state: zeroCounts(), kind: { tier1: 0, tier2: 0 } };
  const indexOfLink = new Map<number, number>();
  const tierOneByUrl = new Map<string, number[]>();

  for (const row of rows) {
    const index = id.length;
    const tier = row.tier === Tier.One ? 'tier1' : 'tier2';
    const shown = nodeState(row);
    id.push(`${tier === 'tier1' ? 't1' : 't2'}-${row.id}`);
    kind.push(tier);
    label.push(row.url);
    state.push(shown);
    linkId.push(row.id);
    counts.state[shown] += 1;
    counts.kind[tier] += 1;
    indexOfLink.set(row.id, index);
    if (tier === 'tier1') {
      source.push(0);
      target.push(index);
      const key = normalizeUrl(row.url) ?? row.url;
      const same = tierOneByUrl.get(key);
      if (same) same.push(index);
      else tierOneByUrl.set(key, [index]);
    }
  }
  const seen = new Set<string>();
  for (const { linkId: from, href } of params.targets) {
    const child = indexOfLink.get(from);
    const parents = tierOneByUrl.get(normalizeUrl(href) ?? href);
    if (child === undefined || !parents) continue;
    for (const parent of parents) {
      const key = `${parent}:${child}`;
      if (seen.has(key)) continue;
      seen.add(key);
      source.push(parent);
      target.push(child);
    }
  }
  return { project, nodes: { id, kind, label, state, linkId }, edges: { source, target }, counts };
}

/** The project's graph (issue 31); another account's project answers 404. */
export async function projectGraph(ctx: Db, scope: Scope): Promise<TProjectGraph> {
  const project = await findGraphProject(ctx.db, scope);
  if (!project) throw notFound();
  // The project is the account's (above): where its tier 2 pages point is the tier 2 counts' own read.
  const [rows, targets] = await Promise.all([
    listGraphLinks(ctx.db, scope),
    listTierTwoBacklinks(ctx.db, { projectId: scope.projectId }),
  ]);
  return buildGraph({ project, rows, targets });
}
