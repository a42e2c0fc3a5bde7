import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../db/schema/index.ts';
import { makeLinks, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type DomainItem = { id: number; attributes: Record<string, unknown> & { domain: string } };

describe('Domain entity (spec point 3)', () => {
  it('has a real id, its tier 2 backlinks and its list of links, before any authority check', async () => {
    const { token, campaign, user } = await makeWorkspace(t.db);
    const [one, two] = await makeLinks(t.db, {
      campaign,
      urls: ['https://blog.example/a', 'https://www.blog.example/b'],
      values: { countBacklinksT2: 3 },
    });
    await makeLinks(t.db, { campaign, urls: ['https://other.example/x'] });
    const list = async () =>
      (await t.api('GET', `domains?filter[campaign]=${campaign.id}`, { token })).body.data as DomainItem[];
    const [blog, other] = await list();
    expect(blog.attributes).toMatchObject({
      domain: 'blog.example',
      backlinks: 2,
      backlinksTier: 6,
      links: [
        { id: one.id, url: 'https://blog.example/a' },
        { id: two.id, url: 'https://www.blog.example/b' },
      ],
    });
    expect(other.attributes).toMatchObject({ domain: 'other.example', backlinksTier: 0 });
    // The ids are the Domain rows', the same on every call, never 0.
    const [row] = await t.db
      .select()
      .from(domains)
      .where(and(eq(domains.userId, user.id), eq(domains.domain, 'blog.example')));
    expect(blog.id).toBe(row.id);
    expect(other.id).toBeGreaterThan(0);
    expect(other.id).not.toBe(blog.id);
    expect((await list()).map((d) => d.id)).toEqual([blog.id, other.id]);
  });

  it('leaves Alexa rank out and Facebook activity N/A with no Facebook app, with the reasons in the reader’s language', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['https://site.example/'] });
    const reasons = { en: /Amazon closed Alexa/, ru: /Amazon закрыла Alexa/, ua: /Amazon закрила Alexa/ };
    for (const [locale, alexa] of Object.entries(reasons)) {
      const res = await t.api('GET', `domains?filter[campaign]=${campaign.id}`, { token, locale });
      const { attributes } = res.body.data[0] as DomainItem;
      expect(attributes).not.toHaveProperty('alexaRank');
      expect(attributes.faceBookActivity).toBe('N/A');
      const notProvided = attributes.notProvided as Record<string, string>;
      expect(notProvided.alexaRank).toMatch(alexa);
      expect(notProvided.faceBookActivity).toMatch(/Facebook/);
    }
  });

  it('lists only the owner’s links in a domain', async () => {
    const owner = await makeWorkspace(t.db);
    const stranger = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign: owner.campaign, urls: ['https://shared.example/mine'] });
    await makeLinks(t.db, { campaign: stranger.campaign, urls: ['https://shared.example/theirs'] });
    const res = await t.api('GET', 'domains', { token: owner.token });
    const shared = (res.body.data as DomainItem[]).find((d) => d.attributes.domain === 'shared.example')!;
    expect(shared.attributes.links).toEqual([{ id: expect.any(Number), url: 'https://shared.example/mine' }]);
  });
});
