import type { MultipartFile } from '@fastify/multipart';
import {
  ZAdminVideoListQuery,
  ZAdminVideoListResponse,
  ZAdminVideoRequest,
  ZAdminVideoResponse,
  ZFileResponse,
  ZIdParams,
  ZTrueResponse,
  ZWikiVideoFileResponse,
} from '@linkwatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { extraFilePart } from '../../http/multipart.ts';
import { paginated, resource } from '../../http/present.ts';
import { presentAdminVideo, videoFileUrl } from './wiki.presenter.ts';
import { byteRange } from './wiki-range.ts';
import {
  adminVideos,
  changeVideo,
  createVideo,
  removeVideo,
  uploadVideoFile,
  videoFile,
  videoFileBytes,
  videoTooLarge,
} from './wiki-videos.service.ts';

const tags = ['wiki'];
const security = [{ bearerAuth: [] }];
const operator = {
  tags,
  security,
  'x-permission': 'self' as const,
  'x-console-permission': 'console.wiki.manage' as const,
};

/**
 * An uploaded video's bytes, for anyone (the players of published pages). One range per request, as
 * browsers ask while seeking: 206 with Content-Range, 416 past the end, the whole file without Range.
 */
export function videoFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wiki/video-files/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        produces: ['video/*'],
        response: { 200: ZFileResponse, 206: ZFileResponse },
      },
      // The bytes are sent as stored: mp4 and webm are compressed already, and a range is of those bytes.
      compress: false,
    },
    async (req, reply) => {
      const file = await videoFile(ctx, req.params.id);
      // An id's bytes never change (a new upload is a new id): cached for a year, never sniffed.
      reply
        .type(file.mime)
        .header('accept-ranges', 'bytes')
        .header('etag', `"${file.sha256}"`)
        .header('last-modified', file.createdAt.toUTCString())
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline');
      return sendRange(ctx, reply, { req, id: file.id, size: file.size, etag: `"${file.sha256}"` });
    },
  );
}

async function sendRange(
  ctx: AppContext,
  reply: FastifyReply,
  { req, id, size, etag }: { req: FastifyRequest; id: number; size: number; etag: string },
) {
  const header = req.headers.range;
  // If-Range naming another version means "send it all"; ours never changes, but a client may still ask.
  const ifRange = req.headers['if-range'];
  const range = header && (!ifRange || ifRange === etag) ? byteRange(header, size) : null;
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${size}`).type('text/plain').send('');
  if (!range) return reply.send(await videoFileBytes(ctx, { id, start: 0, length: size }));
  const length = range.end - range.start + 1;
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .send(await videoFileBytes(ctx, { id, start: range.start, length }));
}

/** The operator of the request (the admin hook has let only operators this far). */
const actor = (req: FastifyRequest) => requireUser(req).id;

export function videoAuthoringRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/videos',
    {
      schema: { ...operator, querystring: ZAdminVideoListQuery, response: { 200: ZAdminVideoListResponse } },
    },
    async (req) => {
      const found = await adminVideos(ctx, req.query);
      return paginated(found.rows.map(presentAdminVideo), req.query.page, found.total);
    },
  );
  r.post(
    '/videos',
    { schema: { ...operator, body: ZAdminVideoRequest, response: { 200: ZAdminVideoResponse } } },
    async (req) => ({ data: presentAdminVideo(await createVideo(ctx, actor(req), req.body)) }),
  );
  r.post(
    '/videos/files',
    { schema: { ...operator, consumes: ['multipart/form-data'], response: { 200: ZWikiVideoFileResponse } } },
    async (req) => {
      const row = await uploadVideoFile(ctx, actor(req), await readVideo(ctx, req));
      return {
        data: resource('wikiVideoFiles', row.id, {
          url: videoFileUrl(row.id),
          mime: row.mime,
          size: row.size,
        }),
      };
    },
  );
  r.put(
    '/videos/:id',
    {
      schema: {
        ...operator,
        params: ZIdParams,
        body: ZAdminVideoRequest,
        response: { 200: ZAdminVideoResponse },
      },
    },
    async (req) => ({ data: presentAdminVideo(await changeVideo(ctx, actor(req), req.params.id, req.body)) }),
  );
  r.delete(
    '/videos/:id',
    { schema: { ...operator, params: ZIdParams, response: { 200: ZTrueResponse } } },
    async (req) => {
      await removeVideo(ctx, actor(req), req.params.id);
      return true as const;
    },
  );
}

async function readPart(ctx: AppContext, part: MultipartFile) {
  try {
    return { content: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw videoTooLarge(ctx);
    throw error;
  }
}

/** One video under `file`, read up to the configured limit (a larger one stops there and is refused). */
async function readVideo(ctx: AppContext, req: FastifyRequest) {
  if (!req.isMultipart()) return undefined;
  let file: { content: Buffer } | undefined;
  for await (const part of req.parts({ limits: { files: 2, fileSize: ctx.config.wiki.videoMaxBytes } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || file) throw extraFilePart(part);
    file = await readPart(ctx, part);
  }
  return file;
}
