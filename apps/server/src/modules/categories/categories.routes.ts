import {
  ZCategoryListQuery,
  ZCategoryListResponse,
  ZCategoryResponse,
  ZCreateCategoryRequest,
  ZIdParams,
  ZTrueResponse,
  ZUpdateCategoryRequest,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { paginated } from '../../http/present.ts';
import { presentCategory } from './categories.presenter.ts';
import {
  categoryPage,
  createCategory,
  ownCategory,
  removeCategory,
  renameOwnCategory,
} from './categories.service.ts';

const tags = ['categories'];
const security = [{ bearerAuth: [] }];

/** Categories of projects (spec point 2, category modals): list, create, rename, delete. */
export function categoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/categories',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        querystring: ZCategoryListQuery,
        response: { 200: ZCategoryListResponse },
      },
    },
    async (req) => {
      const { page, search } = req.query;
      const { rows, total } = await categoryPage(ctx.db, {
        userId: requireAccount(req).accountId,
        page,
        search,
      });
      return paginated(
        rows.map((row) => presentCategory(row.category, row.projectsCount)),
        page,
        total,
      );
    },
  );

  r.get(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZCategoryResponse },
      },
    },
    async (req) => {
      const row = await ownCategory(ctx.db, { userId: requireAccount(req).accountId, id: req.params.id });
      return { data: presentCategory(row.category, row.projectsCount) };
    },
  );

  r.post(
    '/categories/',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        body: ZCreateCategoryRequest,
        response: { 201: ZCategoryResponse },
      },
    },
    async (req, reply) => {
      const category = await createCategory(ctx.db, {
        userId: requireAccount(req).accountId,
        name: req.body.name,
      });
      return reply.code(201).send({ data: presentCategory(category, 0) });
    },
  );

  r.put(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        body: ZUpdateCategoryRequest,
        response: { 200: ZCategoryResponse },
      },
    },
    async (req) => {
      const row = await renameOwnCategory(ctx.db, {
        userId: requireAccount(req).accountId,
        id: req.params.id,
        name: req.body.name,
      });
      return { data: presentCategory(row.category, row.projectsCount) };
    },
  );

  /** Its projects stay, uncategorised. */
  r.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await removeCategory(ctx.db, { userId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );
}
