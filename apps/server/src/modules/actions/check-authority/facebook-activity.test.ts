import { ActionCode } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../../db/schema/index.ts';
import type { AuthorityStandIn } from '../../../providers/authority/stand-ins/common.ts';
import {
  type FacebookEngagement,
  startFacebookStandIn,
} from '../../../providers/authority/stand-ins/facebook.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The Domain's `faceBookActivity` (spec point 3) from Facebook's Graph API, the one authority service
 * configured here, through its loopback stand-in speaking the URL node's protocol.
 */
const TOKEN = '1234567890|app-secret';
let facebook: AuthorityStandIn<FacebookEngagement>;
let t: TestApp;

beforeAll(async () => {
  facebook = await startFacebookStandIn({ accessToken: TOKEN });
  t = await createTestApp({
    env: { FACEBOOK_API_KEY: TOKEN, FACEBOOK_BASE_URL: facebook.url, FACEBOOK_RATE_PER_SECOND: '100' },
  });
});
afterAll(async () => {
  await t.close();
  await facebook.close();
});

describe('Facebook activity of donor domains', () => {
  it('checks authority with the Graph API alone: the home page engagement becomes the domain figure', async () => {
    facebook.figures.set('https://shared.example/', {
      reaction_count: 900,
      comment_count: 40,
      share_count: 260,
      comment_plugin_count: 7,
    });
    const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
    const project = await makeProject(t.db, { userId: user.id });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: ['https://shared.example/post', 'https://quiet.example/'] });

    const start = await t.api('POST', `actions/${ActionCode.CheckTrust}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(start.status).toBe(201);
    await t.drain();

    expect(facebook.requests.map((r) => r.searchParams.get('id')).sort()).toEqual([
      'https://quiet.example/',
      'https://shared.example/',
    ]);
    const rows = await t.db.select().from(domains).where(eq(domains.userId, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.domain, [r.faceBookActivity, r.providers]]))).toEqual({
      'shared.example': [1_200, 'facebook'],
      'quiet.example': [0, 'facebook'],
    });

    const list = await t.api('GET', `domains?filter[campaign]=${campaign.id}&sort=-faceBookActivity`, {
      token,
    });
    expect(list.body.data.map((d: { attributes: object }) => d.attributes)).toMatchObject([
      { domain: 'shared.example', faceBookActivity: 1_200 },
      { domain: 'quiet.example', faceBookActivity: 0 },
    ]);
    // With a Facebook app connected, only Alexa and MozRank are named as not provided.
    expect(Object.keys(list.body.data[0].attributes.notProvided).sort()).toEqual(['alexaRank', 'mozRank']);

    const csv = await t.api('GET', `domains/export?filter[campaign]=${campaign.id}&sort=-faceBookActivity`, {
      token,
    });
    const [header, first] = csv.text.trim().split('\n');
    expect(header.split(',').at(-2)).toBe('Facebook activity');
    expect(first.split(',').at(-2)).toBe('1200');
  });
});
