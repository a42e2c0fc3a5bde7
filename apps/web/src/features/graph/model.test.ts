import { GRAPH_NODE_STATES, type TProjectGraph } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import {
  filterFromParams,
  filterGraph,
  filterToParams,
  LIGHT_MOVE_FROM,
  movingDetail,
  NO_FILTER,
  toGraphModel,
} from './model.ts';

/** The site, two tier 1 pages (one feeding two tier 2 pages, one none) and a tier 2 page feeding nothing. */
const answer: TProjectGraph = {
  project: { id: 1, name: 'Shop', mainDomain: 'shop.example' },
  nodes: {
    id: ['site', 't1-10', 't1-11', 't2-20', 't2-21', 't2-22'],
    kind: ['site', 'tier1', 'tier1', 'tier2', 'tier2', 'tier2'],
    label: [
      'shop.example',
      'https://blog.example/review',
      'https://news.example/story',
      'https://forum.example/thread',
      'https://wiki.example/page',
      'https://lost.example/orphan',
    ],
    state: ['ok', 'ok', 'missing', 'ok', 'error', 'unchecked'],
    linkId: [null, 10, 11, 20, 21, 22],
  },
  edges: { source: [0, 0, 1, 1], target: [1, 2, 3, 4] },
  counts: {
    state: { ok: 2, missing: 1, error: 1, not_indexed: 0, unchecked: 1, feeds_dead: 0 },
    kind: { tier1: 2, tier2: 3 },
  },
};

const radius = (model: ReturnType<typeof toGraphModel>, i: number) => Math.hypot(model.x[i], model.y[i]);
/** The angle between two nodes as seen from the site, 0 to π. */
function apart(model: ReturnType<typeof toGraphModel>, a: number, b: number) {
  const d = Math.abs(Math.atan2(model.y[a], model.x[a]) - Math.atan2(model.y[b], model.x[b]));
  return Math.min(d, 2 * Math.PI - d);
}

describe('the graph model', () => {
  it('places the site in the middle, tier 1 on a ring, tier 2 beyond its tier 1 page, orphans outside', () => {
    const model = toGraphModel(answer);
    expect(model.size).toBe(6);
    expect([model.x[0], model.y[0]]).toEqual([0, 0]);
    expect(radius(model, 1)).toBeCloseTo(radius(model, 2));
    for (const child of [3, 4]) {
      expect(model.parent[child]).toBe(1);
      expect(radius(model, child)).toBeGreaterThan(radius(model, 1));
      // Within the sector of its tier 1 page: nearer to it than to the other tier 1 page.
      expect(apart(model, child, 1)).toBeLessThan(apart(model, child, 2));
    }
    expect(model.parent[5]).toBe(-1);
    expect(radius(model, 5)).toBeGreaterThan(Math.max(radius(model, 3), radius(model, 4)));
    // Every node has its own place.
    const places = new Set(Array.from({ length: model.size }, (_, i) => `${model.x[i]}:${model.y[i]}`));
    expect(places.size).toBe(model.size);
  });

  it('keeps every node without a filter, and counts link nodes by state', () => {
    const result = filterGraph(toGraphModel(answer), NO_FILTER);
    expect(Array.from(result.visible)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(result.shown).toBe(5);
    expect(result.counts).toEqual(answer.counts.state);
    expect(result.matches).toEqual([]);
  });

  it('filters by state (the legend still counts the hidden state), by tier and by text', () => {
    const model = toGraphModel(answer);
    const noOk = filterGraph(model, { ...NO_FILTER, states: new Set(['missing', 'error', 'unchecked']) });
    expect(Array.from(noOk.visible)).toEqual([1, 0, 1, 0, 1, 1]);
    expect(noOk.shown).toBe(3);
    expect(noOk.counts.ok).toBe(2);

    const tierTwo = filterGraph(model, { ...NO_FILTER, tier: 'tier2' });
    expect(Array.from(tierTwo.visible)).toEqual([1, 0, 0, 1, 1, 1]);
    expect(tierTwo.counts).toEqual({
      ok: 1,
      missing: 0,
      error: 1,
      not_indexed: 0,
      unchecked: 1,
      feeds_dead: 0,
    });

    const text = filterGraph(model, { ...NO_FILTER, text: '  WIKI.example ' });
    expect(text.matches).toEqual([4]);
    expect(text.shown).toBe(1);
    expect(text.counts).toEqual({ ok: 0, missing: 0, error: 1, not_indexed: 0, unchecked: 0, feeds_dead: 0 });
  });

  it('lays out 50,000 nodes with a state for each', () => {
    const tierOne = 5000;
    const size = 1 + 50_000;
    const kind = Array.from({ length: size }, (_, i) =>
      i === 0 ? 'site' : i <= tierOne ? 'tier1' : 'tier2',
    );
    const big: TProjectGraph = {
      ...answer,
      nodes: {
        id: kind.map((_, i) => String(i)),
        kind: kind as TProjectGraph['nodes']['kind'],
        label: kind.map((_, i) => `https://d${i}.example/`),
        state: kind.map((_, i) => GRAPH_NODE_STATES[i % GRAPH_NODE_STATES.length]),
        linkId: kind.map((_, i) => (i === 0 ? null : i)),
      },
      edges: {
        source: kind.map((_, i) => (i === 0 ? -1 : i <= tierOne ? 0 : 1 + (i % tierOne))).slice(1),
        target: kind.map((_, i) => i).slice(1),
      },
    };
    const model = toGraphModel(big);
    expect(model.x.every(Number.isFinite) && model.y.every(Number.isFinite)).toBe(true);
    const result = filterGraph(model, { ...NO_FILTER, states: new Set(['missing']) });
    const missing = big.nodes.state.filter((state, i) => i > 0 && state === 'missing').length;
    expect(missing).toBeGreaterThan(8000);
    expect(result.shown).toBe(missing);
  });
});

describe('the graph filter in the address', () => {
  it('reads no parameters as no filter, and writes no filter as no parameters', () => {
    const none = filterFromParams(new URLSearchParams());
    expect(none.tier).toBe('all');
    expect([...none.states].sort()).toEqual([...GRAPH_NODE_STATES].sort());
    expect(none.text).toBe('');
    expect(filterToParams(NO_FILTER, new URLSearchParams('tab=2')).toString()).toBe('tab=2');
  });

  it('round-trips tier, states and text, keeping other parameters', () => {
    const filter = {
      tier: 'tier2' as const,
      states: new Set(['missing', 'feeds_dead'] as const),
      text: 'blog ex',
    };
    const params = filterToParams(filter, new URLSearchParams('tab=2'));
    expect(params.get('tab')).toBe('2');
    expect(params.get('tier')).toBe('tier2');
    expect(params.get('states')).toBe(
      GRAPH_NODE_STATES.filter((s) => filter.states.has(s as never)).join(','),
    );
    expect(params.get('q')).toBe('blog ex');
    const read = filterFromParams(new URLSearchParams(params.toString()));
    expect(read.tier).toBe('tier2');
    expect([...read.states].sort()).toEqual(['feeds_dead', 'missing']);
    expect(read.text).toBe('blog ex');
  });

  it('keeps "no state ticked" apart from "every state", and reads unknown values as none', () => {
    const empty = filterToParams({ ...NO_FILTER, states: new Set() }, new URLSearchParams());
    expect(empty.get('states')).toBe('');
    expect(filterFromParams(empty).states.size).toBe(0);
    const odd = filterFromParams(new URLSearchParams('tier=tier9&states=ok,bogus'));
    expect(odd.tier).toBe('all');
    expect([...odd.states]).toEqual(['ok']);
  });
});

describe('what the canvas leaves out while the camera moves', () => {
  it('with 50,000 nodes: no edges and no labels while panning, never edge labels or edge events', () => {
    expect(movingDetail(50_000)).toMatchObject({
      hideEdgesOnMove: true,
      hideLabelsOnMove: true,
      renderEdgeLabels: false,
      enableEdgeEvents: false,
    });
  });

  it('a small graph keeps its edges while it moves', () => {
    expect(movingDetail(LIGHT_MOVE_FROM - 1)).toMatchObject({
      hideEdgesOnMove: false,
      hideLabelsOnMove: false,
    });
    expect(movingDetail(LIGHT_MOVE_FROM).hideEdgesOnMove).toBe(true);
  });
});
