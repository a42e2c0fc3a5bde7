import {
  PAYMENT_PROVIDERS,
  ZCreatePaymentRequest,
  ZFileResponse,
  ZIdParams,
  ZPaymentLevelListResponse,
  ZPaymentMethodParams,
  ZPaymentNetworksResponse,
  ZPaymentResponse,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { resource } from '../../http/present.ts';
import { attachment } from '../../lib/spreadsheet.ts';
import { invoiceFor } from './invoice.service.ts';
import { invoiceFileName } from './invoice.ts';
import { levelInDollars } from './levels.ts';
import { presentPayment } from './payments.presenter.ts';
import {
  capturePayment,
  createPayment,
  ownPayment,
  paymentLevels,
  paymentNetworks,
  receiveWebhook,
} from './payments.service.ts';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

export function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/payments/levels',
    {
      schema: {
        tags,
        security,
        'x-permission': 'balance.read' as const,
        response: { 200: ZPaymentLevelListResponse },
      },
    },
    async (req) => {
      requireAccount(req);
      const levels = await paymentLevels(ctx);
      return { data: levels.map((level) => resource('paymentLevels', level.id, levelInDollars(level))) };
    },
  );

  r.get(
    '/payments/networks',
    {
      schema: {
        tags,
        security,
        'x-permission': 'balance.read' as const,
        response: { 200: ZPaymentNetworksResponse },
      },
    },
    async (req) => {
      requireAccount(req);
      return { data: await paymentNetworks(ctx) };
    },
  );

  r.post(
    '/payments/:method',
    {
      schema: {
        tags,
        security,
        'x-permission': 'balance.topUp' as const,
        params: ZPaymentMethodParams,
        body: ZCreatePaymentRequest,
        response: { 201: ZPaymentResponse },
      },
    },
    async (req, reply) => {
      const account = requireAccount(req);
      const locale = requestLocale(req);
      const { payment, checkout } = await createPayment(ctx, {
        userId: account.accountId,
        actorId: account.isOwner ? null : account.actorId,
        locale,
        method: req.params.method,
        input: req.body,
      });
      return reply.code(201).send(presentPayment(payment, locale, checkout));
    },
  );

  r.get(
    '/payments/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'balance.read' as const,
        params: ZIdParams,
        response: { 200: ZPaymentResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      return presentPayment(
        await ownPayment(ctx, { userId: user.id, id: req.params.id }),
        requestLocale(req),
      );
    },
  );

  r.post(
    '/payments/:id/capture',
    {
      schema: {
        tags,
        security,
        'x-permission': 'balance.topUp' as const,
        params: ZIdParams,
        response: { 200: ZPaymentResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      return presentPayment(
        await capturePayment(ctx, { userId: user.id, id: req.params.id }),
        requestLocale(req),
      );
    },
  );

  /** spec 7, `GET balances/invoice/{id}`: the PDF of a Paid payment, saved as payment_invoice_{id}.pdf. */
  r.get(
    '/balances/invoice/:id',
    {
      schema: {
        tags: ['balance'],
        security,
        'x-permission': 'balance.read' as const,
        params: ZIdParams,
        produces: ['application/pdf'],
        response: { 200: ZFileResponse },
      },
    },
    async (req, reply) => {
      const user = requireAccount(req).owner;
      const pdf = await invoiceFor(ctx, {
        userId: user.id,
        paymentId: req.params.id,
        locale: requestLocale(req),
      });
      return reply
        .header('content-disposition', attachment(invoiceFileName(req.params.id)))
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.register(webhookRoutes(ctx));
}

const ZWebhookParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });

/**
 * `POST payments/webhooks/{provider}`: no auth (the provider's signature is the proof). In a scope of
 * its own whose only body parser keeps the bytes as they came: signatures are over the raw body, and
 * a JSON round trip would change it.
 */
function webhookRoutes(ctx: AppContext) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payments/webhooks/:provider',
      {
        schema: {
          tags,
          params: ZWebhookParams,
          response: {
            200: z.object({ received: z.literal(true) }),
            400: z.object({ message: z.string() }),
          },
        },
      },
      async (req, reply) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await receiveWebhook(ctx, {
          provider: req.params.provider,
          headers: req.headers,
          rawBody,
        });
        if ('refused' in outcome) {
          // 400 and nothing changed: a forged or altered delivery (the provider retries a genuine one).
          req.log.warn({ provider: outcome.provider, reason: outcome.refused }, 'webhook signature refused');
          return reply
            .code(400)
            .send({ message: translate(requestLocale(req), 'payments.errors.badSignature') });
        }
        return { received: true as const };
      },
    );
  };
}
