import {
  MAILING_FLAGS,
  ZCreateMailingRequest,
  ZIdParams,
  ZMailingListResponse,
  ZMailingResponse,
  ZPageQuery,
  ZRedirectResponse,
  ZTrueResponse,
  ZUnsubscribeRequest,
  ZUpdateMailingRequest,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { paginated } from '../../http/present.ts';
import { presentMailing } from './mailings.presenter.ts';
import {
  changeMailing,
  createMailing,
  mailingPage,
  ownMailing,
  removeMailing,
  unsubscribe,
} from './mailings.service.ts';

const tags = ['mailings'];
const security = [{ bearerAuth: [] }];
export const ONE_CLICK_PATH = '/mailings/unsubscribe/one-click';

/** Report recipients (spec: mailings) and the public unsubscribe calls their mails link to. */
export function mailingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/mailings',
    {
      schema: {
        tags,
        security,
        'x-permission': 'recipients.manage' as const,
        querystring: ZPageQuery,
        response: { 200: ZMailingListResponse },
      },
    },
    async (req) => {
      const { page } = req.query;
      const { rows, total } = await mailingPage(ctx, { userId: requireAccount(req).accountId, page });
      return paginated(rows.map(presentMailing), page, total);
    },
  );

  r.get(
    '/mailings/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'recipients.manage' as const,
        params: ZIdParams,
        response: { 200: ZMailingResponse },
      },
    },
    async (req) => {
      const mailing = await ownMailing(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return { data: presentMailing(mailing) };
    },
  );

  r.post(
    '/mailings/',
    {
      schema: {
        tags,
        security,
        'x-permission': 'recipients.manage' as const,
        body: ZCreateMailingRequest,
        response: { 201: ZMailingResponse },
      },
    },
    async (req, reply) => {
      const mailing = await createMailing(ctx, { userId: requireAccount(req).accountId, body: req.body });
      return reply.code(201).send({ data: presentMailing(mailing) });
    },
  );

  r.put(
    '/mailings/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'recipients.manage' as const,
        params: ZIdParams,
        body: ZUpdateMailingRequest,
        response: { 200: ZMailingResponse },
      },
    },
    async (req) => {
      const mailing = await changeMailing(ctx, {
        userId: requireAccount(req).accountId,
        id: req.params.id,
        body: req.body,
      });
      return { data: presentMailing(mailing) };
    },
  );

  r.delete(
    '/mailings/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'recipients.manage' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await removeMailing(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );

  /** The /unsubscribe page posts the mail link's token here; no login, the token is the key. */
  r.post(
    '/mailings/unsubscribe',
    { schema: { tags, body: ZUnsubscribeRequest, response: { 200: ZMailingResponse } } },
    async (req) => ({ data: presentMailing(await unsubscribe(ctx, req.body)) }),
  );

  app.register(async (scope) => oneClickRoutes(scope, ctx));
}

const ZOneClickQuery = z.object({ token: z.string().max(200), type: z.enum(MAILING_FLAGS).optional() });

/**
 * RFC 8058 one-click unsubscribe, the target of the List-Unsubscribe header: mail providers POST a
 * form body (which says nothing we need) to the URL. A person opening the URL is sent to the web page.
 */
function oneClickRoutes(scope: FastifyInstance, ctx: AppContext) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, _body, done) => done(null, undefined),
  );
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.post(
    ONE_CLICK_PATH,
    { schema: { tags, querystring: ZOneClickQuery, response: { 200: ZMailingResponse } } },
    async (req) => ({
      data: presentMailing(await unsubscribe(ctx, req.query)),
    }),
  );
  r.get(
    ONE_CLICK_PATH,
    { schema: { tags, querystring: ZOneClickQuery, response: { 303: ZRedirectResponse } } },
    async (req, reply) => {
      const query = new URLSearchParams({
        token: req.query.token,
        ...(req.query.type ? { type: req.query.type } : {}),
      });
      return reply.redirect(`${ctx.config.appUrl}/unsubscribe?${query}`, 303);
    },
  );
}
