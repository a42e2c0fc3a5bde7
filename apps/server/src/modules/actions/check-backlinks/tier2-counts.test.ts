import { ActionCode, Tier } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import { donorHtml } from '../../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../../test/factories.ts';
import { withAppAndDonorWeb } from '../../../test/test-app.ts';

const env = withAppAndDonorWeb();

describe('countBacklinksT2', () => {
  it('counts, for each tier 1 page, the tier 2 links whose page links to it, after a tier 2 check', async () => {
    const { user, token } = await makeUserWithToken(env.t.db, { balance: 100 });
    const project = await makeProject(env.t.db, { userId: user.id, domains: ['shop.example'] });
    const tierOne = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id, tier: Tier.One });
    const tierTwo = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id, tier: Tier.Two });
    const [popular, lonely] = await makeLinks(env.t.db, {
      campaign: tierOne,
      urls: ['https://guest.example/post', 'https://other.example/page'],
    });
    // Two tier 2 pages link to the first tier 1 page (one with another form of its URL), one to nothing.
    env.web.set('/t2/a', donorHtml({ links: ['<a href="https://guest.example/post">post</a>'] }));
    env.web.set('/t2/b', donorHtml({ links: ['<a href="HTTPS://GUEST.example/post#comments">again</a>'] }));
    env.web.set('/t2/c', donorHtml({ links: ['<a href="https://elsewhere.example/">x</a>'] }));
    await makeLinks(env.t.db, { campaign: tierTwo, urls: ['/t2/a', '/t2/b', '/t2/c'].map(env.web.url) });

    const start = await env.t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${tierTwo.id}`,
      {
        token,
      },
    );
    expect(start.status).toBe(201);
    await env.t.drain();

    const countOf = async (id: number) =>
      (await env.t.api('GET', `links/${id}`, { token })).body.data.attributes.countBacklinksT2;
    expect(await countOf(popular.id)).toBe(2);
    expect(await countOf(lonely.id)).toBe(0);
  });
});
