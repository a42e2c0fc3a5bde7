import {
  ZCreatedWebhookResponse,
  ZCreateWebhookRequest,
  ZIdParams,
  ZTrueResponse,
  ZWebhookDeliveryListResponse,
  ZWebhookDeliveryResponse,
  ZWebhookListResponse,
  ZWebhookResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { presentDelivery, presentWebhook } from './webhooks.presenter.ts';
import {
  createEndpoint,
  deliveryLog,
  endpointsOf,
  reenableEndpoint,
  removeEndpoint,
  resendDelivery,
} from './webhooks.service.ts';

const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];

/** Outgoing webhooks (issue 32): endpoints, their delivery log, and "send again". */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/webhooks',
    { schema: { tags, security, 'x-permission': 'self' as const, response: { 200: ZWebhookListResponse } } },
    async (req) => ({ data: (await endpointsOf(ctx, requireUser(req).id)).map(presentWebhook) }),
  );

  r.post(
    '/user/webhooks',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        body: ZCreateWebhookRequest,
        response: { 201: ZCreatedWebhookResponse },
      },
    },
    async (req, reply) => {
      const { endpoint, secret } = await createEndpoint(ctx, { userId: requireUser(req).id, body: req.body });
      const shown = presentWebhook(endpoint);
      return reply.code(201).send({ data: { ...shown, attributes: { ...shown.attributes, secret } } });
    },
  );

  r.delete(
    '/user/webhooks/:id',
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
      await removeEndpoint(ctx, { userId: requireUser(req).id, id: req.params.id });
      return true as const;
    },
  );

  r.post(
    '/user/webhooks/:id/enable',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        params: ZIdParams,
        response: { 200: ZWebhookResponse },
      },
    },
    async (req) => {
      const endpoint = await reenableEndpoint(ctx, { userId: requireUser(req).id, id: req.params.id });
      return { data: presentWebhook(endpoint) };
    },
  );

  r.get(
    '/user/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        params: ZIdParams,
        response: { 200: ZWebhookDeliveryListResponse },
      },
    },
    async (req) => {
      const rows = await deliveryLog(ctx, { userId: requireUser(req).id, endpointId: req.params.id });
      return { data: rows.map(presentDelivery) };
    },
  );

  r.post(
    '/user/webhooks/deliveries/:id/resend',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        params: ZIdParams,
        response: { 201: ZWebhookDeliveryResponse },
      },
    },
    async (req, reply) => {
      const copy = await resendDelivery(ctx, { userId: requireUser(req).id, id: req.params.id });
      return reply.code(201).send({ data: presentDelivery(copy) });
    },
  );
}
