import {
  ZAdminOutpaymentCancelRequest,
  ZAdminOutpaymentListQuery,
  ZAdminOutpaymentListResponse,
  ZAdminOutpaymentPaidRequest,
  ZAdminPartnerListQuery,
  ZAdminPartnerListResponse,
  ZAdminReferralLevelsRequest,
  ZAdminReferralMethodsRequest,
  ZAdminReferralMinimumRequest,
  ZAdminReferralSetupResponse,
  ZIdParams,
  ZOutpaymentResponse,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { pageMeta, resource } from '../../http/present.ts';
import {
  changeLevels,
  changeMethods,
  changeMinimum,
  decideOutpayment,
  partners,
  payoutRequests,
  referralSetup,
} from '../referral/console.service.ts';
import { presentPayout } from '../referral/referral.presenter.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const dollars = (cents: number) => cents / 100;
/** The console's hook (admin.routes.ts) has already refused anyone but an operator. */
const operator = (req: FastifyRequest) => ({ actorId: requireUser(req).id });

/** The partner programme's section of the operator console (issue 29); every change is audited. */
export function partnerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/partners',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        querystring: ZAdminPartnerListQuery,
        response: { 200: ZAdminPartnerListResponse },
      },
    },
    async (req) => {
      const found = await partners(ctx, req.query);
      return {
        data: found.rows.map((p) =>
          resource('partners', p.id, {
            email: p.email,
            name: p.name,
            links: p.links,
            referredUsers: p.referredUsers,
            pending: dollars(p.pending),
            available: dollars(Math.max(0, p.available)),
            paidOut: dollars(p.paidOut),
            requested: dollars(p.requested),
          }),
        ),
        meta: pageMeta(req.query.page, found.total),
      };
    },
  );
  r.get(
    '/outpayments',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        querystring: ZAdminOutpaymentListQuery,
        response: { 200: ZAdminOutpaymentListResponse },
      },
    },
    async (req) => {
      const found = await payoutRequests(ctx, req.query);
      return {
        data: found.rows.map((row) => {
          const item = presentPayout(row.payout);
          return {
            ...item,
            attributes: {
              ...item.attributes,
              partnerId: row.payout.partnerId,
              partnerEmail: row.partnerEmail,
            },
          };
        }),
        meta: pageMeta(req.query.page, found.total),
      };
    },
  );
  r.post(
    '/outpayments/:id/paid',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        params: ZIdParams,
        body: ZAdminOutpaymentPaidRequest,
        response: { 200: ZOutpaymentResponse },
      },
    },
    async (req) => {
      const decided = await decideOutpayment(ctx, {
        ...operator(req),
        id: req.params.id,
        decision: 'paid',
        reference: req.body.reference,
        reason: req.body.reason,
      });
      return { data: presentPayout(decided) };
    },
  );
  r.post(
    '/outpayments/:id/cancel',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        params: ZIdParams,
        body: ZAdminOutpaymentCancelRequest,
        response: { 200: ZOutpaymentResponse },
      },
    },
    async (req) => {
      const decided = await decideOutpayment(ctx, {
        ...operator(req),
        id: req.params.id,
        decision: 'cancelled',
        reason: req.body.reason,
      });
      return { data: presentPayout(decided) };
    },
  );
  r.get(
    '/referral',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        response: { 200: ZAdminReferralSetupResponse },
      },
    },
    async () => {
      const setup = await referralSetup(ctx);
      return {
        data: {
          levels: setup.levels.map((l) => ({
            id: l.id,
            min: dollars(l.min),
            max: l.max === null ? null : dollars(l.max),
            percent: l.percent,
          })),
          methods: setup.methods.map((m) => ({
            id: m.id,
            name: m.name,
            percent: m.percent,
            type: m.type,
            enabled: m.enabled,
          })),
          minPayout: dollars(setup.minPayout),
        },
      };
    },
  );
  r.put(
    '/referral/levels',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        body: ZAdminReferralLevelsRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await changeLevels(ctx, { ...operator(req), input: req.body });
      return true as const;
    },
  );
  r.put(
    '/referral/methods',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        body: ZAdminReferralMethodsRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await changeMethods(ctx, { ...operator(req), input: req.body });
      return true as const;
    },
  );
  r.put(
    '/referral/minimum',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.partners.manage' as const,
        body: ZAdminReferralMinimumRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await changeMinimum(ctx, { ...operator(req), input: req.body });
      return true as const;
    },
  );
}
