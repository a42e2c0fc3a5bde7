import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// Issue 31: a project's tiers as one graph. The customer's site, the tier 1 donor pages that link to
// it, the tier 2 donor pages that link to those. Sent as columns (one array per field, a node is an
// index into all of them) so 50,000 nodes stay a compact answer that parses and validates quickly.
// ---------------------------------------------------------------------------------------------------

export const GRAPH_NODE_KINDS = ['site', 'tier1', 'tier2'] as const;
export type GraphNodeKind = (typeof GRAPH_NODE_KINDS)[number];

/**
 * What a link node reads: `ok` (the backlink is there), `missing` (the page answered without it),
 * `error` (the page was not read: no answer, an error code, robots.txt), `not_indexed` (the backlink is
 * there but the page is not indexed or asks not to be), `unchecked` (never checked), `feeds_dead` (a tier
 * 2 page whose backlink is there but every tier 1 page it feeds is dead). The site is `ok`.
 */
export const GRAPH_NODE_STATES = [
  'ok',
  'missing',
  'error',
  'not_indexed',
  'unchecked',
  'feeds_dead',
] as const;
export type GraphNodeState = (typeof GRAPH_NODE_STATES)[number];

const counts = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K[number], z.ZodNumber>);

export const ZProjectGraph = z.object({
  project: z.object({ id: z.number(), name: z.string(), mainDomain: z.string() }),
  /** Node i is `{ id: id[i], kind: kind[i], … }`; node 0 is the site. */
  nodes: z.object({
    id: z.array(z.string()),
    kind: z.array(z.enum(GRAPH_NODE_KINDS)),
    /** The site's main domain, or the donor page's URL. */
    label: z.array(z.string()),
    state: z.array(z.enum(GRAPH_NODE_STATES)),
    /** The link a node is (null for the site): its panel opens on a click. */
    linkId: z.array(z.number().int().nullable()),
  }),
  /** Edge j goes from node `source[j]` (the page linked to) to node `target[j]` (the page linking). */
  edges: z.object({ source: z.array(z.number().int()), target: z.array(z.number().int()) }),
  /** Link nodes (the site left out) by state and by tier. */
  counts: z.object({
    state: counts(GRAPH_NODE_STATES),
    kind: counts(['tier1', 'tier2'] as const),
  }),
});
export type TProjectGraph = z.infer<typeof ZProjectGraph>;

export const ZProjectGraphResponse = z.object({ data: ZProjectGraph });
export type TProjectGraphResponse = z.infer<typeof ZProjectGraphResponse>;
