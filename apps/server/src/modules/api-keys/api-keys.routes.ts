import {
  ZApiKeyListResponse,
  ZCreateApiKeyRequest,
  ZCreatedApiKeyResponse,
  ZIdParams,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount, requireUser } from '../../http/auth.ts';
import { presentApiKey } from './api-keys.presenter.ts';
import { apiKeysOf, createApiKey, revokeKey } from './api-keys.service.ts';

const tags = ['api-keys'];
const security = [{ bearerAuth: [] }];

/** Personal API keys (issue 32): made, listed and revoked from a signed-in session only. */
export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/api-keys',
    { schema: { tags, security, 'x-permission': 'self' as const, response: { 200: ZApiKeyListResponse } } },
    async (req) => ({ data: (await apiKeysOf(ctx, requireUser(req).id)).map(presentApiKey) }),
  );

  r.post(
    '/user/api-keys',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKeyResponse },
      },
    },
    async (req, reply) => {
      const { key, token } = await createApiKey(ctx, {
        userId: requireUser(req).id,
        accountId: requireAccount(req).accountId,
        body: req.body,
      });
      const shown = presentApiKey(key);
      return reply.code(201).send({ data: { ...shown, attributes: { ...shown.attributes, token } } });
    },
  );

  r.delete(
    '/user/api-keys/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await revokeKey(ctx, { userId: requireUser(req).id, id: req.params.id });
      return true as const;
    },
  );
}
