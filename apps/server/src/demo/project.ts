import type { Db } from '../db/client.ts';
import { campaigns, links, projects } from '../db/schema/index.ts';
import { DEMO_DOMAIN, SAMPLE_PAGES } from './sample-web.ts';

export async function makeDemoProject(db: Db, params: { userId: number; sampleOrigin: string }) {
  await db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({
        userId: params.userId,
        name: 'Demo Shop',
        mainDomain: DEMO_DOMAIN,
        domains: [DEMO_DOMAIN],
        isFavorite: true,
      })
      .returning();
    const [campaign] = await tx
      .insert(campaigns)
      .values({ userId: params.userId, projectId: project.id, name: 'Guest posts and reviews', tier: 1 })
      .returning();
    await tx.insert(links).values(
      Object.keys(SAMPLE_PAGES).map((path) => ({
        userId: params.userId,
        projectId: project.id,
        campaignId: campaign.id,
        tier: 1,
        url: `${params.sampleOrigin}${path}`,
      })),
    );
  });
}
