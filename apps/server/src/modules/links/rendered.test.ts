import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlinks } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 31: `GET links` says which links were found only after JavaScript (`rendered`), so the table
 * can mark them next to their status: every backlink of the last check is a rendered-only one.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('"found after JavaScript" on the links list', () => {
  it('is true only when every backlink of the link was found after rendering', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const project = await makeProject(t.db, { userId: user.id });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'JS' });
    const [onlyRendered, mixed, plain, none] = await makeLinks(t.db, {
      campaign,
      urls: ['a', 'b', 'c', 'd'].map((p) => `https://donor.example.org/${p}`),
    });
    const backlink = (linkId: number, rendered: boolean) => ({
      linkId,
      userId: user.id,
      href: `https://${project.mainDomain}/`,
      rendered,
    });
    await t.db
      .insert(backlinks)
      .values([
        backlink(onlyRendered.id, true),
        backlink(onlyRendered.id, true),
        backlink(mixed.id, true),
        backlink(mixed.id, false),
        backlink(plain.id, false),
      ]);
    const res = await t.api('GET', `links?filter[campaign]=${campaign.id}&sort=url`, { token });
    expect(res.status).toBe(200);
    const byId = new Map(
      res.body.data.map((l: { id: number; attributes: { rendered: boolean } }) => [
        l.id,
        l.attributes.rendered,
      ]),
    );
    expect([onlyRendered, mixed, plain, none].map((l) => byId.get(l.id))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
