import { ZBatchQuery, ZBatchResponse } from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const security = [{ bearerAuth: [] }];

/** The caller's headers each read is sent with: who it is, in which language, from which browser. */
const FORWARDED = ['authorization', 'accept', 'x-localization', 'accept-language', 'user-agent'] as const;

/**
 * `GET /api/batch?url=…&url=…`: several reads of this API in one call. A cold load's first screen made a
 * dozen (the user, the campaign, its links, counts, tasks, balance…), and a phone on 4G over HTTP/1.1 sent
 * them six at a time, a round trip each, sharing its connections with the page's code. Each read is
 * answered as if sent alone, with the caller's token, language and address: the same owner scoping,
 * permissions, API key scopes and rate limit, the same status and body.
 */
export function batchRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/batch',
    {
      schema: {
        tags: ['batch'],
        summary: 'Several GET calls of this API in one',
        security,
        // Any signed-in user: each read then needs what it needs alone.
        'x-permission': 'self',
        querystring: ZBatchQuery,
        response: { 200: ZBatchResponse },
      },
    },
    async (req) => ({ data: await Promise.all(req.query.url.map((url) => readAlone(app, req, url))) }),
  );
}

async function readAlone(app: FastifyInstance, req: FastifyRequest, url: string) {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: req.ip });
  const isJson = answer.headers['content-type']?.toString().startsWith('application/json') ?? false;
  return { url, status: answer.statusCode, body: isJson && answer.body ? answer.json() : null };
}
