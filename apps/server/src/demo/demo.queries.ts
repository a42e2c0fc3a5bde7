import type { Queryable } from '../db/client.ts';
import { links } from '../db/schema/index.ts';

/** The demo project's links, one per sample page, written as they are (no upload, no counters run). */
export async function insertDemoLinks(
  tx: Queryable,
  params: { userId: number; projectId: number; campaignId: number; urls: string[] },
) {
  await tx.insert(links).values(
    params.urls.map((url) => ({
      userId: params.userId,
      projectId: params.projectId,
      campaignId: params.campaignId,
      tier: 1,
      url,
    })),
  );
}
