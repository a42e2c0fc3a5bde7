import {
  ZCreateOutpaymentQuery,
  ZCreateReferralLinkQuery,
  ZDeleteReferralLinksQuery,
  ZOutpaymentListQuery,
  ZOutpaymentListResponse,
  ZOutpaymentResponse,
  ZRedirectResponse,
  ZReferralBalanceResponse,
  ZReferralLinkListQuery,
  ZReferralLinkListResponse,
  ZReferralLinkResponse,
  ZReferralPaymentMethodListResponse,
  ZReferralUriListResponse,
  ZReferralUserListQuery,
  ZReferralUserListResponse,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { pageMeta, resource } from '../../http/present.ts';
import { presentBalance, presentLink, presentPayout, presentReferredUser } from './referral.presenter.ts';
import {
  balance,
  createLink,
  deleteLinks,
  landingPages,
  linkBase,
  links,
  paymentMethods,
  payouts,
  referredUsers,
  requestPayout,
} from './referral.service.ts';
import { visitLink } from './visits.ts';

const tags = ['referral'];
const security = [{ bearerAuth: [] }];

/** The partner programme's calls (issue 29, spec 7 "Referral"), as the spec writes them. */
export function referralRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = () => linkBase(ctx);

  r.get(
    '/referral/links',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: ZReferralLinkListQuery,
        response: { 200: ZReferralLinkListResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const found = await links(ctx, { user, query: req.query });
      const url = await base();
      return {
        data: found.rows.map((row) => presentLink(row, url)),
        meta: { ...pageMeta(req.query.page, found.total), days: found.days },
      };
    },
  );

  r.post(
    '/referral/links',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: ZCreateReferralLinkQuery,
        response: { 201: ZReferralLinkResponse },
      },
    },
    async (req, reply) => {
      const row = await createLink(ctx, { user: requireUser(req), input: req.query });
      return reply.code(201).send({ data: presentLink(row, await base()) });
    },
  );

  r.delete(
    '/referral/links/delete',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: ZDeleteReferralLinksQuery,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await deleteLinks(ctx, { user: requireUser(req), ids: req.query.ids });
      return true as const;
    },
  );

  r.get(
    '/referral/balance',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        response: { 200: ZReferralBalanceResponse },
      },
    },
    async (req) => presentBalance(await balance(ctx, requireUser(req)), ctx.config.referral),
  );

  r.get(
    '/referral/users',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: ZReferralUserListQuery,
        response: { 200: ZReferralUserListResponse },
      },
    },
    async (req) => {
      const found = await referredUsers(ctx, { user: requireUser(req), query: req.query });
      return { data: found.rows.map(presentReferredUser), meta: pageMeta(req.query.page, found.total) };
    },
  );

  r.get(
    '/referral/payment-methods/',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        response: { 200: ZReferralPaymentMethodListResponse },
      },
    },
    async (req) => {
      requireUser(req);
      const { methods, minPayout } = await paymentMethods(ctx);
      return {
        data: methods.map((m) =>
          resource('referralPaymentMethods', m.id, { name: m.name, percent: m.percent, type: m.type }),
        ),
        meta: { minPayout: minPayout / 100 },
      };
    },
  );

  r.get(
    '/referral/uri',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: z.object({ query: z.string().max(255).optional() }),
        response: { 200: ZReferralUriListResponse },
      },
    },
    async (req) => {
      requireUser(req);
      const wanted = req.query.query?.toLowerCase();
      const pages = landingPages(ctx).filter((p) => !wanted || p.link.toLowerCase().includes(wanted));
      return { data: pages.map((p) => resource('referralUri', p.id, { link: p.link })) };
    },
  );

  r.get(
    '/referral/outpayments',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: ZOutpaymentListQuery,
        response: { 200: ZOutpaymentListResponse },
      },
    },
    async (req) => {
      const found = await payouts(ctx, { user: requireUser(req), query: req.query });
      return {
        data: found.rows.map((row) => presentPayout(row.payout)),
        meta: pageMeta(req.query.page, found.total),
      };
    },
  );

  r.post(
    '/referral/outpayments',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        querystring: ZCreateOutpaymentQuery,
        response: { 201: ZOutpaymentResponse },
      },
    },
    async (req, reply) => {
      const payout = await requestPayout(ctx, { user: requireUser(req), input: req.query });
      return reply.code(201).send({ data: presentPayout(payout) });
    },
  );
}

/**
 * `GET /r/{key}`: a referral link, served by the app itself (on `Settings.referralDomain` when that
 * host points here). Counts the visit, sets the attribution cookie and sends the browser on (302).
 */
export function referralRedirectRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/r/:key',
    {
      schema: {
        tags,
        params: z.object({ key: z.string().min(1).max(200) }),
        response: { 302: ZRedirectResponse },
      },
    },
    async (req, reply) => {
      const { location, cookies } = await visitLink(ctx, {
        key: req.params.key,
        cookieHeader: req.headers.cookie ?? '',
        userAgent: req.headers['user-agent'] ?? '',
        ip: req.ip,
      });
      if (cookies.length) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );
}
