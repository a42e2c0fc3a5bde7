import type { TCreateProjectRequest, TUpdateProjectRequest } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { campaigns, projects } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { projectCategory } from '../categories/categories.service.ts';
import { findProject } from './projects.queries.ts';

/** Domains are stored lower-cased without a trailing slash; the first one is the main domain. */
function cleanDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/\/+$/, '')))];
}

export async function createProjectWithCampaign(
  ctx: AppContext,
  params: { userId: number; input: TCreateProjectRequest },
) {
  const { input } = params;
  const domains = cleanDomains(input.domains);
  const mainDomain = input.mainDomain?.trim().toLowerCase() || domains[0];
  return ctx.db.transaction(async (tx) => {
    const categoryId = await projectCategory(tx, { userId: params.userId, ...input });
    const [project] = await tx
      .insert(projects)
      .values({
        userId: params.userId,
        categoryId: categoryId ?? null,
        name: (input.name || input.projectName)!,
        mainDomain,
        domains: domains.includes(mainDomain) ? domains : [mainDomain, ...domains],
        isFavorite: input.isFavorite ?? false,
      })
      .returning();
    const [campaign] = await tx
      .insert(campaigns)
      .values({ userId: params.userId, projectId: project.id, name: input.campaignName, tier: 1 })
      .returning();
    return { project, campaign };
  });
}

export async function updateProject(
  ctx: AppContext,
  params: { userId: number; id: number; input: TUpdateProjectRequest },
) {
  const current = await findProject(ctx.db, params);
  if (!current) throw notFound();
  const { input } = params;
  const domains = input.domains ? cleanDomains(input.domains) : current.domains;
  const mainDomain =
    input.mainDomain?.trim().toLowerCase() || (input.domains ? domains[0] : current.mainDomain);
  const categoryId = await projectCategory(ctx.db, { userId: params.userId, category: input.category });
  const [project] = await ctx.db
    .update(projects)
    .set({
      name: input.name ?? current.name,
      categoryId: categoryId === undefined ? current.categoryId : categoryId,
      isFavorite: input.isFavorite ?? current.isFavorite,
      mainDomain,
      domains: domains.includes(mainDomain) ? domains : [mainDomain, ...domains],
    })
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)))
    .returning();
  return project;
}

export async function deleteProject(ctx: AppContext, params: { userId: number; id: number }) {
  const deleted = await ctx.db
    .delete(projects)
    .where(and(eq(projects.id, params.id), eq(projects.userId, params.userId)))
    .returning({ id: projects.id });
  if (deleted.length === 0) throw notFound();
}
