import type { TCreateProjectRequest, TUpdateProjectRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { projectCategory } from '../categories/categories.service.ts';
import { insertCampaign } from './campaigns.queries.ts';
import { deleteOwnProject, findProject, insertProject, updateOwnProject } from './projects.queries.ts';

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
    const project = await insertProject(tx, {
      userId: params.userId,
      categoryId: categoryId ?? null,
      name: (input.name || input.projectName)!,
      mainDomain,
      domains: domains.includes(mainDomain) ? domains : [mainDomain, ...domains],
      isFavorite: input.isFavorite ?? false,
    });
    const campaign = await insertCampaign(tx, {
      userId: params.userId,
      projectId: project.id,
      name: input.campaignName,
      tier: 1,
    });
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
  return updateOwnProject(ctx.db, {
    userId: params.userId,
    id: params.id,
    values: {
      name: input.name ?? current.name,
      categoryId: categoryId === undefined ? current.categoryId : categoryId,
      isFavorite: input.isFavorite ?? current.isFavorite,
      mainDomain,
      domains: domains.includes(mainDomain) ? domains : [mainDomain, ...domains],
    },
  });
}

export async function deleteProject(ctx: AppContext, params: { userId: number; id: number }) {
  if (!(await deleteOwnProject(ctx.db, params))) throw notFound();
}
