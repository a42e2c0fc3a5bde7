import { LinkListType, Tier } from '@linkwatch/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { links, projects } from '../../db/schema/index.ts';

type Scope = { userId: number; projectId: number };

/** The account's project, or nothing (another account's reads as one that does not exist). */
export async function findGraphProject(db: Queryable, scope: Scope) {
  const [project] = await db
    .select({ id: projects.id, name: projects.name, mainDomain: projects.mainDomain })
    .from(projects)
    .where(and(eq(projects.id, scope.projectId), eq(projects.userId, scope.userId)));
  return project;
}

/** The project's active tier 1 and tier 2 links with what their state is read from, in one statement. */
export function listGraphLinks(db: Queryable, scope: Scope) {
  return db
    .select({
      id: links.id,
      tier: links.tier,
      url: links.url,
      checkStatus: links.checkStatus,
      indexing: links.indexing,
      metaRobots: links.metaRobots,
      xRobotsTag: links.xRobotsTag,
      deadFeedReason: links.deadFeedReason,
    })
    .from(links)
    .where(
      and(
        eq(links.userId, scope.userId),
        eq(links.projectId, scope.projectId),
        eq(links.listType, LinkListType.Active),
        inArray(links.tier, [Tier.One, Tier.Two]),
      ),
    )
    .orderBy(asc(links.tier), asc(links.id));
}
export type GraphLinkRow = Awaited<ReturnType<typeof listGraphLinks>>[number];
