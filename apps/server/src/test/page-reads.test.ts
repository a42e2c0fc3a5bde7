import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, makeLinks, makeProject, makeWorkspace } from './factories.ts';
import { statementsOf, tablesOf } from './statements.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * What a cold load of the campaign page and of the dashboard asks for (apps/web/src/app/firstReads.ts,
 * and the sidebar's badges), with the most statements each may send: the token's lookup is one of them.
 * Under load every statement waits its turn for a pooled connection, so a call's time grows with their
 * number (npm run bench, load); and only the list's rows may come from `links`: anything else counting
 * the links costs the database ~1 s a call on a million of them.
 */
function pageReads(campaignId: number): [call: string, statements: number][] {
  const c = `filter[campaign]=${campaignId}`;
  const list = `${c}&filter[type]=2`;
  return [
    [`campaigns/${campaignId}`, 2],
    [`links/counts?${c}`, 2],
    [`links/codes?${list}`, 2],
    [`links/statistic?${list}`, 2],
    // The user, the page's rows, its links' "found after JavaScript" flags (backlinks of those ids only).
    [`links?${list}&page[number]=1&page[size]=50`, 4],
    ['actions/list', 1],
    [`actions?page[number]=1&page[size]=50&${c}`, 3],
    ['projects?page[number]=1&page[size]=100&sort=isFavorite', 3],
    ['projects/statistic', 2],
    ['links/codes', 2],
    ['user/me', 1],
    ['user/balance', 1],
    ['settings', 2],
    ['actions/count?filter[statuses]=process,waiting', 2],
    ['reports/new', 2],
  ];
}

describe('the page-load reads', () => {
  it('each answers in a fixed number of statements, and only the list reads the links', async () => {
    const { user, token, project, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, {
      campaign,
      urls: Array.from({ length: 60 }, (_, i) => `http://donor${i}.example.org/post`),
      values: { responseCode: 200 },
    });
    // More projects and campaigns than one, so a statement per project or per campaign would show.
    for (const name of ['Second', 'Third']) {
      const other = await makeProject(t.db, { userId: user.id, name });
      const more = await makeCampaign(t.db, { userId: user.id, projectId: other.id });
      await makeLinks(t.db, { campaign: more, urls: ['http://a.example.org/', 'http://b.example.org/'] });
    }
    await makeCampaign(t.db, { userId: user.id, projectId: project.id, tier: 2 });

    for (const [call, most] of pageReads(campaign.id)) {
      const statements = await statementsOf(t.db, async () => {
        const res = await t.api('GET', call, { token });
        expect(res.status, call).toBe(200);
      });
      expect(statements.length, call).toBeLessThanOrEqual(most);
      const readingLinks = statements.filter((s) => tablesOf(s).includes('links'));
      expect(readingLinks.length, call).toBe(call.startsWith('links?') ? 1 : 0);
    }
  });
});
