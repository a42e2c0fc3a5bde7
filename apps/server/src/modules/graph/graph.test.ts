import { IndexState, LinkCheckStatus, LinkListType, Tier, type TProjectGraph } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks, links } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeMember, makeProject, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function graphOf(token: string, projectId: number) {
  const res = await t.api('GET', `projects/${projectId}/graph`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as TProjectGraph;
}

/** The edges as "parent label → child label", sorted. */
function edgeLabels(graph: TProjectGraph) {
  const { label } = graph.nodes;
  return graph.edges.source.map((s, j) => `${label[s]} → ${label[graph.edges.target[j]]}`).sort();
}

/** A project with two tier 1 pages and three tier 2 pages: two point at tier 1 pages, one elsewhere. */
async function tieredWorld() {
  const w = await makeWorkspace(t.db);
  const tierTwo = await makeCampaign(t.db, { userId: w.user.id, projectId: w.project.id, tier: Tier.Two });
  const [found, missing] = await makeLinks(t.db, {
    campaign: w.campaign,
    urls: ['https://donor-a.example/post', 'https://donor-b.example/page'],
  });
  await makeLinks(t.db, {
    campaign: w.campaign,
    urls: ['https://old.example/history'],
    values: { listType: LinkListType.History },
  });
  const { db } = t;
  const [t2a] = await makeLinks(t.db, {
    campaign: tierTwo,
    urls: ['https://t2-a.example/x'],
    values: { checkStatus: LinkCheckStatus.Found, indexing: IndexState.Indexed },
  });
  const [t2b] = await makeLinks(t.db, {
    campaign: tierTwo,
    urls: ['https://t2-b.example/y'],
    values: { checkStatus: LinkCheckStatus.Found, indexing: IndexState.NotIndexed },
  });
  const [t2c] = await makeLinks(t.db, {
    campaign: tierTwo,
    urls: ['https://t2-c.example/z'],
    values: { checkStatus: LinkCheckStatus.Unread },
  });
  await db.insert(backlinks).values([
    // The href as found on the page: upper-case host and a fragment still match the tier 1 URL.
    { userId: w.user.id, linkId: t2a.id, href: 'https://DONOR-A.example/post#top' },
    { userId: w.user.id, linkId: t2a.id, href: 'https://donor-b.example/page' },
    { userId: w.user.id, linkId: t2b.id, href: 'https://donor-a.example/post' },
    { userId: w.user.id, linkId: t2c.id, href: 'https://elsewhere.example/' },
  ]);
  await db.update(links).set({ checkStatus: LinkCheckStatus.Found }).where(eq(links.id, found.id));
  await db.update(links).set({ checkStatus: LinkCheckStatus.Missing }).where(eq(links.id, missing.id));
  return { ...w, found, missing, t2a, t2b, t2c };
}

describe('GET projects/{id}/graph', () => {
  it('answers the site, its tier 1 pages and the tier 2 pages linking to them, coloured by state', async () => {
    const w = await tieredWorld();
    const graph = await graphOf(w.token, w.project.id);

    expect(graph.project).toEqual({
      id: w.project.id,
      name: w.project.name,
      mainDomain: w.project.mainDomain,
    });
    expect(graph.nodes.kind[0]).toBe('site');
    expect(graph.nodes.label[0]).toBe(w.project.mainDomain);
    const byLabel = Object.fromEntries(
      graph.nodes.label.map((label, i) => [
        label,
        { kind: graph.nodes.kind[i], state: graph.nodes.state[i], linkId: graph.nodes.linkId[i] },
      ]),
    );
    // The history tab's link is not in the graph.
    expect(Object.keys(byLabel)).toHaveLength(6);
    expect(byLabel['https://donor-a.example/post']).toEqual({
      kind: 'tier1',
      state: 'ok',
      linkId: w.found.id,
    });
    expect(byLabel['https://donor-b.example/page']).toMatchObject({ kind: 'tier1', state: 'missing' });
    expect(byLabel['https://t2-a.example/x']).toEqual({ kind: 'tier2', state: 'ok', linkId: w.t2a.id });
    expect(byLabel['https://t2-b.example/y']).toMatchObject({ kind: 'tier2', state: 'not_indexed' });
    expect(byLabel['https://t2-c.example/z']).toMatchObject({ kind: 'tier2', state: 'error' });

    const site = w.project.mainDomain;
    expect(edgeLabels(graph)).toEqual(
      [
        `${site} → https://donor-a.example/post`,
        `${site} → https://donor-b.example/page`,
        'https://donor-a.example/post → https://t2-a.example/x',
        'https://donor-a.example/post → https://t2-b.example/y',
        'https://donor-b.example/page → https://t2-a.example/x',
      ].sort(),
    );
    expect(graph.counts).toEqual({
      state: { ok: 2, missing: 1, error: 1, not_indexed: 1, unchecked: 0, feeds_dead: 0 },
      kind: { tier1: 2, tier2: 3 },
    });
  });

  it('reads a tier 2 page that feeds only dead tier 1 pages as feeds_dead, its own link in place', async () => {
    const w = await tieredWorld();
    await t.db
      .update(links)
      .set({ deadFeedReason: 'missing', deadFeedSince: new Date() })
      .where(eq(links.id, w.t2a.id));
    const graph = await graphOf(w.token, w.project.id);
    const i = graph.nodes.linkId.indexOf(w.t2a.id);
    expect(graph.nodes.state[i]).toBe('feeds_dead');
    expect(graph.counts.state.feeds_dead).toBe(1);
  });

  it('answers a project without links with the site alone', async () => {
    const w = await makeWorkspace(t.db);
    const graph = await graphOf(w.token, w.project.id);
    expect(graph.nodes.id).toEqual(['site']);
    expect(graph.edges.source).toEqual([]);
    expect(graph.counts.kind).toEqual({ tier1: 0, tier2: 0 });
  });

  it('answers 404 for another account’s project and serves a member who may read the projects', async () => {
    const a = await tieredWorld();
    const b = await makeWorkspace(t.db);
    expect((await t.api('GET', `projects/${a.project.id}/graph`, { token: b.token })).status).toBe(404);
    const other = await makeProject(t.db, { userId: b.user.id });
    expect((await t.api('GET', `projects/${other.id}/graph`, { token: a.token })).status).toBe(404);
    expect((await t.api('GET', 'projects/999999999/graph', { token: a.token })).status).toBe(404);
    expect((await t.api('GET', `projects/${a.project.id}/graph`, {})).status).toBe(401);

    const reader = await makeMember(t.db, { accountId: a.user.id, permissions: ['projects.read'] });
    const graph = await graphOf(reader.token, a.project.id);
    expect(graph.counts.kind).toEqual({ tier1: 2, tier2: 3 });
  });
});
