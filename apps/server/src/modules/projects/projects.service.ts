import type { TCreateProjectRequest, TUpdateProjectRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { categoryNames } from '../categories/categories.queries.ts';
import { projectCategory } from '../categories/categories.service.ts';
import { insertCampaign } from './campaigns.queries.ts';
import {
  deleteOwnProject,
  findProject,
  insertProject,
  listProjects,
  projectStatistics,
  statisticTotals,
  updateOwnProject,
} from './projects.queries.ts';

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
      renderMode: input.renderMode ?? current.renderMode,
      mainDomain,
      domains: domains.includes(mainDomain) ? domains : [mainDomain, ...domains],
    },
  });
}

export async function deleteProject(ctx: AppContext, params: { userId: number; id: number }) {
  if (!(await deleteOwnProject(ctx.db, params))) throw notFound();
}

/** Totals over every project of the user, for the dashboard summary. */
export function projectStatisticTotals(ctx: AppContext, userId: number) {
  return statisticTotals(ctx.db, userId);
}

/** A page of the user's projects, favourites first, with their statistics and category names. */
export async function projectPage(
  ctx: AppContext,
  params: Omit<Parameters<typeof listProjects>[1], 'favoritesFirst'>,
) {
  const { userId, page, search } = params;
  const { rows, total } = await listProjects(ctx.db, { userId, page, search, favoritesFirst: true });
  const [statistics, names] = await Promise.all([
    projectStatistics(ctx.db, { userId, projectIds: rows.map((p) => p.id) }),
    categoryNames(ctx.db, { userId, ids: rows.map((p) => p.categoryId) }),
  ]);
  return { rows, total, statistics, names };
}

/** One of the user's projects with its statistics and category name; another user's is not found. */
export async function ownProject(ctx: AppContext, params: { userId: number; id: number }) {
  const { userId } = params;
  const project = await findProject(ctx.db, params);
  if (!project) throw notFound();
  const [statistics, names] = await Promise.all([
    projectStatistics(ctx.db, { userId, projectIds: [project.id] }),
    categoryNames(ctx.db, { userId, ids: [project.categoryId] }),
  ]);
  return { project, statistics, names };
}

/** `POST projects/`: the project and its first campaign, and the name of its category. */
export async function createProject(
  ctx: AppContext,
  params: { userId: number; input: TCreateProjectRequest },
) {
  const { project, campaign } = await createProjectWithCampaign(ctx, params);
  const names = await categoryNames(ctx.db, { userId: params.userId, ids: [project.categoryId] });
  return { project, campaign, names };
}

/** `PUT projects/{id}`: the saved project and the name of its category. */
export async function saveProject(
  ctx: AppContext,
  params: { userId: number; id: number; input: TUpdateProjectRequest },
) {
  const project = await updateProject(ctx, params);
  const names = await categoryNames(ctx.db, { userId: params.userId, ids: [project.categoryId] });
  return { project, names };
}
