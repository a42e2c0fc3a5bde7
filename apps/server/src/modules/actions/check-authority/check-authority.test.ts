import { ActionCode, TaskStatus } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, domains } from '../../../db/schema/index.ts';
import type { AuthorityStandIn } from '../../../providers/authority/stand-ins/common.ts';
import { type MozFigures, startMozStandIn } from '../../../providers/authority/stand-ins/moz.ts';
import {
  type OpenPageRankFigures,
  startOpenPageRankStandIn,
} from '../../../providers/authority/stand-ins/openpagerank.ts';
import {
  makeCampaign,
  makeLinks,
  makeProject,
  makeUserWithToken,
  reloadUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Check authority through the API and the worker, against our loopback stand-ins of Open PageRank
 * and Moz speaking their own protocols: what the Domain rows and the links hold afterwards.
 */
let opr: AuthorityStandIn<OpenPageRankFigures>;
let moz: AuthorityStandIn<MozFigures>;
let t: TestApp;

beforeAll(async () => {
  opr = await startOpenPageRankStandIn({ apiKey: 'opr-key' });
  moz = await startMozStandIn({ credentials: { token: 'moz-token' } });
  t = await createTestApp({
    env: {
      OPENPAGERANK_API_KEY: 'opr-key',
      OPENPAGERANK_BASE_URL: opr.url,
      OPENPAGERANK_RATE_PER_SECOND: '100',
      MOZ_API_TOKEN: 'moz-token',
      MOZ_BASE_URL: moz.url,
      MOZ_RATE_PER_SECOND: '100',
    },
  });
});
afterAll(async () => {
  await t.close();
  await opr.close();
  await moz.close();
});

async function campaignOf(urls: string[]) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
  const project = await makeProject(t.db, { userId: user.id });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
  const rows = await makeLinks(t.db, { campaign, urls });
  const check = async () => {
    const res = await t.api('POST', `actions/${ActionCode.CheckTrust}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    return (await t.db.select().from(actions).where(eq(actions.id, res.body.data.id)))[0];
  };
  return { user, token, rows, check, campaign };
}

describe('check authority (action 4)', () => {
  it('fills each donor domain from every service and the page authority of each link', async () => {
    opr.figures.set('news.example', { page_rank_decimal: 5.32, rank: 1234 });
    moz.figures.set('news.example', {
      domain_authority: 61,
      page_authority: 40,
      spam_score: 2,
      external_pages_to_root_domain: 90_000,
      root_domains_to_root_domain: 1_200,
    });
    moz.figures.set('https://www.news.example/a', {
      domain_authority: 61,
      page_authority: 37,
      spam_score: 2,
      external_pages_to_root_domain: 90_000,
      root_domains_to_root_domain: 1_200,
    });
    const s = await campaignOf(['https://www.news.example/a', 'https://news.example/b']);
    const task = await s.check();
    expect(task).toMatchObject({ statusId: TaskStatus.Done, successCount: 2, cost: 4 });
    expect((await reloadUser(t.db, s.user.id)).balance).toBe(96);

    const [domain] = await t.db
      .select()
      .from(domains)
      .where(and(eq(domains.userId, s.user.id), eq(domains.domain, 'news.example')));
    expect(domain).toMatchObject({
      da: 61,
      spamScore: 2,
      pageRank: 1234,
      referringPage: 90_000,
      providers: 'openpagerank+moz',
    });
    expect(domain.pageRankDecimal).toBeCloseTo(5.32);
    // The domain was asked about once for its two links.
    const asked = opr.requests.filter((r) => r.searchParams.getAll('domains[]').includes('news.example'));
    expect(asked).toHaveLength(1);

    const link = await t.api('GET', `links/${s.rows[0].id}`, { token: s.token });
    expect(link.body.data.attributes.pa).toBe(37);
  });

  it('lists a campaign’s donor domains with their figures, sorted, and exports them', async () => {
    opr.figures.set('strong.example', { page_rank_decimal: 7.1, rank: 50 });
    opr.figures.set('weak.example', { page_rank_decimal: 1.2, rank: 900_000 });
    const s = await campaignOf([
      'https://strong.example/1',
      'https://www.strong.example/2',
      'https://weak.example/1',
      'https://unchecked.example/1',
    ]);
    await s.check();
    // A page added after the check: its domain is listed, with no figures yet.
    await makeLinks(t.db, { campaign: s.campaign, urls: ['https://later.example/x'] });

    const list = async (query: string, locale = 'en') =>
      (await t.api('GET', `domains?filter[campaign]=${s.campaign.id}${query}`, { token: s.token, locale }))
        .body;
    const byLinks = await list('');
    expect(
      byLinks.data.map((d: { attributes: { domain: string; backlinks: number } }) => [
        d.attributes.domain,
        d.attributes.backlinks,
      ]),
    ).toEqual([
      ['strong.example', 2],
      ['later.example', 1],
      ['unchecked.example', 1],
      ['weak.example', 1],
    ]);
    const byRank = await list('&sort=-pageRank', 'ru');
    expect(
      byRank.data.map((d: { attributes: { domain: string } }) => d.attributes.domain).slice(0, 2),
    ).toEqual(['strong.example', 'weak.example']);
    expect(byRank.data[0].attributes).toMatchObject({
      pageRankDecimal: 7.1,
      pageRank: 50,
      // Moz answers zeros for a site it has not crawled.
      da: 0,
      providers: 'openpagerank+moz',
    });
    // Alexa closed in 2022: the field is left out and its reason given instead.
    expect(byRank.data[0].attributes).not.toHaveProperty('alexaRank');
    expect(byRank.data[0].attributes.notProvided.alexaRank).toMatch(/Alexa/);
    expect(byRank.data.at(-1).attributes).toMatchObject({ domain: expect.any(String), pageRank: 'N/A' });
    expect(byRank.meta.page.total).toBe(4);

    const csv = await t.api('GET', `domains/export?filter[campaign]=${s.campaign.id}&sort=-pageRank`, {
      token: s.token,
    });
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toContain('Domain');
    expect(lines[1]).toMatch(/^strong\.example,2,0,0,7\.1,/);
  });

  it('refunds a link nobody answered for and leaves its figures as they were', async () => {
    opr.set({ mode: 'server-error' });
    moz.set({ mode: 'no-funds' });
    try {
      const s = await campaignOf(['https://quiet.example/x']);
      const task = await s.check();
      expect(task).toMatchObject({ statusId: TaskStatus.Fail, successCount: 0 });
      expect((await reloadUser(t.db, s.user.id)).balance).toBe(100);
      expect(await t.db.select().from(domains).where(eq(domains.userId, s.user.id))).toEqual([]);
      const link = await t.api('GET', `links/${s.rows[0].id}`, { token: s.token });
      expect(link.body.data.attributes.pa).toBe('N/A');
    } finally {
      opr.set({ mode: 'normal' });
      moz.set({ mode: 'normal' });
    }
  });
});
