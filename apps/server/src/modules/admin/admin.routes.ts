import {
  ZAdminAuditListQuery,
  ZAdminAuditListResponse,
  ZAdminCreditsRequest,
  ZAdminCreditsResponse,
  ZAdminOperatorResponse,
  ZAdminPaymentLevelsRequest,
  ZAdminPriceListResponse,
  ZAdminPriceParams,
  ZAdminPriceRequest,
  ZAdminReasonRequest,
  ZAdminSettingsRequest,
  ZAdminUpdateUserRequest,
  ZAdminUserListQuery,
  ZAdminUserListResponse,
  ZAdminUserPriceParams,
  ZAdminUserPriceRequest,
  ZAdminUserResponse,
  ZIdParams,
  ZImpersonationResponse,
  ZPermissionListQuery,
  ZPermissionListResponse,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated, resource } from '../../http/present.ts';
import {
  presentActing,
  presentAudit,
  presentCustomer,
  presentOperator,
  presentPrices,
  presentUserList,
} from './admin.presenter.ts';
import {
  adjustCredits,
  auditLog,
  changeCommonPrice,
  changePaymentLevels,
  changeSettings,
  changeUserPrice,
  customerPage,
  endSessions,
  findCustomers,
  priceList,
  resendConfirmation,
  updateCustomer,
} from './admin.service.ts';
import { taskRoutes } from './admin-tasks.routes.ts';
import { consoleGate, holdsWholeConsole } from './console-access.ts';
import { refuseWhileActing, startActing, stopActing } from './impersonation.ts';
import { partnerRoutes } from './partners.routes.ts';
import { permissionPage } from './permissions.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** Who changes what: the operator of the request (the scope's hook let only an operator through). */
const operator = (req: FastifyRequest) => ({ actorId: requireUser(req).id });

/**
 * The operator console (issue 28): every call under /api/admin/ is for operators holding the route's
 * `x-console-permission` (console-access.ts), checked by one hook before the input is read (a customer
 * learns nothing of the console's rules).
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  refuseWhileActing(app);
  app.register(
    async (admin) => {
      admin.addHook('preValidation', consoleGate);
      operatorRoutes(admin);
      customerRoutes(admin, ctx);
      actingRoutes(admin, ctx);
      priceRoutes(admin, ctx);
      siteRoutes(admin, ctx);
      partnerRoutes(admin, ctx);
      taskRoutes(admin, ctx);
    },
    { prefix: '/admin' },
  );
  publicRoutes(app, ctx);
}

/** `GET admin/me`: the keys the operator holds, so the console shows only their sections. Any operator. */
function operatorRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'any' as const,
        response: { 200: ZAdminOperatorResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return { data: resource('adminOperators', user.id, presentOperator(user)) };
    },
  );
}

function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.read' as const,
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserListResponse },
      },
    },
    async (req) => presentUserList({ found: await findCustomers(ctx, req.query), page: req.query.page }),
  );
  r.get(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.read' as const,
        params: ZIdParams,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (req) => presentCustomer(await customerPage(ctx, req.params.id)),
  );
  r.put(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.update' as const,
        params: ZIdParams,
        body: ZAdminUpdateUserRequest,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (req) => {
      await updateCustomer(ctx, {
        ...operator(req),
        userId: req.params.id,
        input: req.body,
        wholeConsole: holdsWholeConsole(requireUser(req)),
      });
      return presentCustomer(await customerPage(ctx, req.params.id));
    },
  );
  r.post(
    '/users/:id/credits',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.credits' as const,
        params: ZIdParams,
        body: ZAdminCreditsRequest,
        response: { 200: ZAdminCreditsResponse },
      },
    },
    async (req) => {
      const user = await adjustCredits(ctx, { ...operator(req), userId: req.params.id, input: req.body });
      return { data: { balance: user.balance } };
    },
  );
  r.put(
    '/users/:id/prices/:action',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.prices.update' as const,
        params: ZAdminUserPriceParams,
        body: ZAdminUserPriceRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      const { id, action } = req.params;
      await changeUserPrice(ctx, { ...operator(req), userId: id, action, input: req.body });
      return true as const;
    },
  );
  r.post(
    '/users/:id/sessions/end',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.update' as const,
        params: ZIdParams,
        body: ZAdminReasonRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await endSessions(ctx, { ...operator(req), userId: req.params.id, reason: req.body.reason });
      return true as const;
    },
  );
  r.post(
    '/users/:id/confirmation',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.update' as const,
        params: ZIdParams,
        body: ZAdminReasonRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await resendConfirmation(ctx, { ...operator(req), userId: req.params.id, reason: req.body.reason });
      return true as const;
    },
  );
}

function actingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/users/:id/impersonate',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.users.impersonate' as const,
        params: ZIdParams,
        body: ZAdminReasonRequest,
        response: { 200: ZImpersonationResponse },
      },
    },
    async (req) =>
      presentActing(
        await startActing(ctx, { ...operator(req), userId: req.params.id, reason: req.body.reason }),
      ),
  );
}

function priceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/prices',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.prices.update' as const,
        response: { 200: ZAdminPriceListResponse },
      },
    },
    async () => presentPrices(await priceList(ctx)),
  );
  r.put(
    '/prices/:action',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.prices.update' as const,
        params: ZAdminPriceParams,
        body: ZAdminPriceRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await changeCommonPrice(ctx, { ...operator(req), action: req.params.action, input: req.body });
      return true as const;
    },
  );
}

function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/settings',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.settings.update' as const,
        body: ZAdminSettingsRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await changeSettings(ctx, { ...operator(req), input: req.body });
      return true as const;
    },
  );
  r.put(
    '/payment-levels',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.prices.update' as const,
        description:
          'Every bonus tier (payment level) at once, in US dollars as `GET payments/levels` shows them; tiers may not overlap (422 naming `levels.{index}.min` or `.max`). Audited with the tiers before and after.',
        body: ZAdminPaymentLevelsRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await changePaymentLevels(ctx, { ...operator(req), input: req.body });
      return true as const;
    },
  );
  r.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        'x-permission': 'self' as const,
        'x-console-permission': 'console.audit.read' as const,
        querystring: ZAdminAuditListQuery,
        response: { 200: ZAdminAuditListResponse },
      },
    },
    async (req) => presentAudit({ found: await auditLog(ctx, req.query), page: req.query.page }),
  );
}

/** Calls outside /api/admin/: the permission list, and the end of an operator's acting session. */
function publicRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/permissions',
    {
      schema: {
        tags: ['permissions'],
        security,
        'x-permission': 'self' as const,
        querystring: ZPermissionListQuery,
        response: { 200: ZPermissionListResponse },
      },
    },
    async (req) => {
      const { page, scope } = req.query;
      const found = permissionPage({ locale: requestLocale(req), scope, page });
      return paginated(
        found.items.map((p) => resource('permissions', p.id, p.attributes)),
        page,
        found.total,
      );
    },
  );
  r.delete(
    '/impersonation',
    { schema: { tags, security, 'x-permission': 'self' as const, response: { 200: ZTrueResponse } } },
    async (req) => {
      const user = requireUser(req);
      if (req.impersonatorId === null || !req.accessToken) throw forbidden();
      await stopActing(ctx, { token: req.accessToken, actorId: req.impersonatorId, userId: user.id });
      return true as const;
    },
  );
}
