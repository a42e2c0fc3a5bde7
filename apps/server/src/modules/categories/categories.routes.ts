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
import { requireUser } from '../../http/auth.ts';
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
    { schema: { tags, security, querystring: ZCategoryListQuery, response: { 200: ZCategoryListResponse } } },
    async (req) => {
      const { page, search } = req.query;
      const { rows, total } = await categoryPage(ctx.db, { userId: requireUser(req).id, page, search });
      return paginated(
        rows.map((row) => presentCategory(row.category, row.projectsCount)),
        page,
        total,
      );
    },
  );

  r.get(
    '/categories/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZCategoryResponse } } },
    async (req) => {
      const row = await ownCategory(ctx.db, { userId: requireUser(req).id, id: req.params.id });
      return { data: presentCategory(row.category, row.projectsCount) };
    },
  );

  r.post(
    '/categories/',
    { schema: { tags, security, body: ZCreateCategoryRequest, response: { 201: ZCategoryResponse } } },
    async (req, reply) => {
      const category = await createCategory(ctx.db, { userId: requireUser(req).id, name: req.body.name });
      return reply.code(201).send({ data: presentCategory(category, 0) });
    },
  );

  r.put(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateCategoryRequest,
        response: { 200: ZCategoryResponse },
      },
    },
    async (req) => {
      const row = await renameOwnCategory(ctx.db, {
        userId: requireUser(req).id,
        id: req.params.id,
        name: req.body.name,
      });
      return { data: presentCategory(row.category, row.projectsCount) };
    },
  );

  /** Its projects stay, uncategorised. */
  r.delete(
    '/categories/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZTrueResponse } } },
    async (req) => {
      await removeCategory(ctx.db, { userId: requireUser(req).id, id: req.params.id });
      return true as const;
    },
  );
}
