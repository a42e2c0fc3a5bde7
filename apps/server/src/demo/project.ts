import type { Db } from '../db/client.ts';
import { insertCampaign } from '../modules/projects/campaigns.queries.ts';
import { insertProject } from '../modules/projects/projects.queries.ts';
import { insertDemoLinks } from './demo.queries.ts';
import { DEMO_DOMAIN, SAMPLE_PAGES } from './sample-web.ts';

export async function makeDemoProject(db: Db, params: { userId: number; sampleOrigin: string }) {
  await db.transaction(async (tx) => {
    const project = await insertProject(tx, {
      userId: params.userId,
      name: 'Demo Shop',
      mainDomain: DEMO_DOMAIN,
      domains: [DEMO_DOMAIN],
      isFavorite: true,
    });
    const campaign = await insertCampaign(tx, {
      userId: params.userId,
      projectId: project.id,
      name: 'Guest posts and reviews',
      tier: 1,
    });
    await insertDemoLinks(tx, {
      userId: params.userId,
      projectId: project.id,
      campaignId: campaign.id,
      urls: Object.keys(SAMPLE_PAGES).map((path) => `${params.sampleOrigin}${path}`),
    });
  });
}
