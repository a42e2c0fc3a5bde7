import type { MultipartFile } from '@fastify/multipart';
import {
  WIKI_IMAGE_MAX_BYTES,
  ZAdminWikiArticleRequest,
  ZAdminWikiArticleResponse,
  ZAdminWikiListQuery,
  ZAdminWikiListResponse,
  ZAdminWikiPreviewRequest,
  ZAdminWikiPreviewResponse,
  ZFileResponse,
  ZIdParams,
  ZTrueResponse,
  ZVideoResponse,
  ZWikiArticleResponse,
  ZWikiCountResponse,
  ZWikiFacetQuery,
  ZWikiFacetResponse,
  ZWikiIdParams,
  ZWikiImageResponse,
  ZWikiListQuery,
  ZWikiListResponse,
  ZWikiSectionsResponse,
} from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { extraFilePart } from '../../http/multipart.ts';
import { paginated, resource } from '../../http/present.ts';
import { consoleGate } from '../admin/console-access.ts';
import { imageUrl, presentAdminArticle, presentArticle, presentVideo } from './wiki.presenter.ts';
import {
  adminList,
  changeArticle,
  createArticle,
  image,
  preview,
  readerArticle,
  readerCategories,
  readerList,
  readerSections,
  readerTags,
  removeArticle,
  unreadCount,
  uploadImage,
  video,
} from './wiki.service.ts';
import { videoAuthoringRoutes, videoFileRoutes } from './wiki-videos.routes.ts';

const tags = ['wiki'];
const security = [{ bearerAuth: [] }];

/**
 * The wiki (issue 30). Reading is open to anyone (the same articles the public pages show); the badge
 * is a signed-in reader's. Writing is for operators, under /api/admin/wiki.
 */
export function wikiRoutes(app: FastifyInstance, ctx: AppContext) {
  readerRoutes(app, ctx);
  app.register(
    async (admin) => {
      admin.addHook('preValidation', consoleGate);
      authoringRoutes(admin, ctx);
    },
    { prefix: '/admin' },
  );
}

function readerRoutes(app: FastifyInstance, ctx: AppContext) {
  videoFileRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wiki/count',
    { schema: { tags, security, 'x-permission': 'self' as const, response: { 200: ZWikiCountResponse } } },
    async (req) => {
      const count = await unreadCount(ctx, requestLocale(req), requireUser(req).id);
      return { data: { attributes: { count } } };
    },
  );
  r.get('/wiki/sections', { schema: { tags, response: { 200: ZWikiSectionsResponse } } }, async (req) => {
    const sections = await readerSections(ctx, requestLocale(req), req.user?.id ?? null);
    return { data: sections.map(({ id, ...attributes }) => resource('wikiSections', id, attributes)) };
  });
  r.get(
    '/wiki',
    { schema: { tags, querystring: ZWikiListQuery, response: { 200: ZWikiListResponse } } },
    async (req) => {
      const found = await readerList(ctx, requestLocale(req), req.query);
      return paginated(
        found.rows.map((row) => presentArticle(row, { translations: found.translations, full: false })),
        req.query.page,
        found.total,
      );
    },
  );
  r.get(
    '/wiki/tags',
    { schema: { tags, querystring: ZWikiFacetQuery, response: { 200: ZWikiFacetResponse } } },
    async (req) => ({ data: await readerTags(ctx, requestLocale(req), req.query) }),
  );
  r.get(
    '/wiki/categories',
    { schema: { tags, querystring: ZWikiFacetQuery, response: { 200: ZWikiFacetResponse } } },
    async (req) => ({ data: await readerCategories(ctx, requestLocale(req), req.query) }),
  );
  r.get(
    '/wiki/images/:id',
    { schema: { tags, params: ZIdParams, produces: ['image/*'], response: { 200: ZFileResponse } } },
    async (req, reply) => {
      const found = await image(ctx, req.params.id);
      // An id's bytes never change (a new upload is a new id): cached for a year, never sniffed.
      return reply
        .type(found.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(found.bytes);
    },
  );
  r.get(
    '/wiki/:id',
    { schema: { tags, params: ZWikiIdParams, response: { 200: ZWikiArticleResponse } } },
    async (req) => {
      const { row, translations } = await readerArticle(ctx, req.params.id);
      return { data: presentArticle(row, { translations, full: true }) };
    },
  );
  r.get(
    '/video/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZVideoResponse } } },
    async (req) => ({ data: presentVideo(await video(ctx, req.params.id)) }),
  );
}

/** The operator of the request (the admin hook has let only operators this far). */
const actor = (req: FastifyRequest) => requireUser(req).id;

function authoringRoutes(app: FastifyInstance, ctx: AppContext) {
  videoAuthoringRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wiki',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.wiki.manage' as const,
        querystring: ZAdminWikiListQuery,
        response: { 200: ZAdminWikiListResponse },
      },
    },
    async (req) => {
      const found = await adminList(ctx, req.query);
      return paginated(
        found.rows.map((row) => presentAdminArticle(row)),
        req.query.page,
        found.total,
      );
    },
  );
  r.post(
    '/wiki',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.wiki.manage' as const,
        body: ZAdminWikiArticleRequest,
        response: { 200: ZAdminWikiArticleResponse },
      },
    },
    async (req) => {
      const { row } = await createArticle(ctx, actor(req), req.body);
      return { data: presentAdminArticle(row) };
    },
  );
  r.post(
    '/wiki/preview',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.wiki.manage' as const,
        body: ZAdminWikiPreviewRequest,
        response: { 200: ZAdminWikiPreviewResponse },
      },
    },
    async (req) => ({ data: { html: preview(req.body.content) } }),
  );
  r.post(
    '/wiki/images',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.wiki.manage' as const,
        consumes: ['multipart/form-data'],
        response: { 200: ZWikiImageResponse },
      },
    },
    async (req) => {
      const row = await uploadImage(ctx, actor(req), await readImage(req));
      return {
        data: resource('wikiImages', row.id, { url: imageUrl(row.id) ?? '', mime: row.mime, size: row.size }),
      };
    },
  );
  r.put(
    '/wiki/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.wiki.manage' as const,
        params: ZIdParams,
        body: ZAdminWikiArticleRequest,
        response: { 200: ZAdminWikiArticleResponse },
      },
    },
    async (req) => {
      const { row } = await changeArticle(ctx, actor(req), req.params.id, req.body);
      return { data: presentAdminArticle(row) };
    },
  );
  r.delete(
    '/wiki/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.wiki.manage' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await removeArticle(ctx, actor(req), req.params.id);
      return true as const;
    },
  );
}

const tooLarge = () =>
  new FieldError({
    file: { key: 'wiki.errors.imageTooLarge', params: { max: WIKI_IMAGE_MAX_BYTES / 1024 / 1024 } },
  });

async function readPart(part: MultipartFile) {
  try {
    return { content: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

/** One image under `file`, read up to the limit (a larger one stops at the limit and is refused). */
async function readImage(req: FastifyRequest) {
  if (!req.isMultipart()) return undefined;
  let file: { content: Buffer } | undefined;
  for await (const part of req.parts({ limits: { files: 2, fileSize: WIKI_IMAGE_MAX_BYTES } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || file) throw extraFilePart(part);
    file = await readPart(part);
  }
  return file;
}
