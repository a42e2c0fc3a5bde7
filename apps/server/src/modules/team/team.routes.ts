import {
  ZAccountListResponse,
  ZAccountResponse,
  ZIdParams,
  ZInvitationListResponse,
  ZInvitationRequest,
  ZInvitationResponse,
  ZJoinParams,
  ZJoinRequest,
  ZJoinResponse,
  ZMemberListResponse,
  ZMemberResponse,
  ZMemberUpdateRequest,
  ZPageQuery,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount, requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { paginated } from '../../http/present.ts';
import { presentAccount, presentInvitation, presentMember } from './team.presenter.ts';
import {
  accountsOf,
  changeMember,
  invite,
  join,
  pendingInvitations,
  removeMember,
  revoke,
  switchAccount,
  teamOf,
} from './team.service.ts';

const tags = ['team'];
const security = [{ bearerAuth: [] }];
const manage = 'team.manage' as const;
const self = 'self' as const;

/** Teams (issue 27): the Users tab's calls, joining by invitation, and the account switch. */
export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/team/members',
    {
      schema: {
        tags,
        security,
        'x-permission': manage,
        querystring: ZPageQuery,
        response: { 200: ZMemberListResponse },
      },
    },
    async (req) => {
      const { page } = req.query;
      const all = await teamOf(ctx, requireAccount(req));
      const start = (page.number - 1) * page.size;
      return paginated(all.slice(start, start + page.size).map(presentMember), page, all.length);
    },
  );

  r.put(
    '/team/members/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': manage,
        params: ZIdParams,
        body: ZMemberUpdateRequest,
        response: { 200: ZMemberResponse },
      },
    },
    async (req) => {
      const found = await changeMember(ctx, {
        account: requireAccount(req),
        userId: req.params.id,
        input: req.body,
      });
      return {
        data: presentMember({
          userId: found.user.id,
          name: found.user.name,
          email: found.user.email,
          roleId: found.member.roleId,
          permissions: found.member.permissions,
          isOwner: false,
          createdAt: found.member.createdAt,
        }),
      };
    },
  );

  r.delete(
    '/team/members/:id',
    {
      schema: { tags, security, 'x-permission': manage, params: ZIdParams, response: { 200: ZTrueResponse } },
    },
    async (req) => {
      await removeMember(ctx, { account: requireAccount(req), userId: req.params.id });
      return true as const;
    },
  );

  r.post(
    '/team/invitations',
    {
      schema: {
        tags,
        security,
        'x-permission': manage,
        body: ZInvitationRequest,
        response: { 201: ZInvitationResponse },
      },
    },
    async (req, reply) => {
      const invitation = await invite(ctx, {
        account: requireAccount(req),
        input: req.body,
        locale: requestLocale(req),
      });
      return reply.code(201).send({ data: presentInvitation(invitation) });
    },
  );

  r.get(
    '/team/invitations',
    {
      schema: {
        tags,
        security,
        'x-permission': manage,
        querystring: ZPageQuery,
        response: { 200: ZInvitationListResponse },
      },
    },
    async (req) => {
      const { page } = req.query;
      const all = await pendingInvitations(ctx, requireAccount(req).accountId);
      const start = (page.number - 1) * page.size;
      return paginated(all.slice(start, start + page.size).map(presentInvitation), page, all.length);
    },
  );

  r.delete(
    '/team/invitations/:id',
    {
      schema: { tags, security, 'x-permission': manage, params: ZIdParams, response: { 200: ZTrueResponse } },
    },
    async (req) => {
      await revoke(ctx, { accountId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );

  /** As a signed-in user (bearer token), or as a guest with `{name, password}` creating the login. */
  r.post(
    '/team/join/:code',
    { schema: { tags, params: ZJoinParams, body: ZJoinRequest, response: { 200: ZJoinResponse } } },
    async (req) => {
      const joined = await join(ctx, {
        code: req.params.code,
        user: req.user,
        token: req.accessToken,
        input: req.body,
        locale: requestLocale(req),
      });
      return { data: { accountId: joined.accountId, accessToken: joined.accessToken } };
    },
  );

  r.get(
    '/user/accounts',
    { schema: { tags, security, 'x-permission': self, response: { 200: ZAccountListResponse } } },
    async (req) => {
      const accounts = await accountsOf(ctx, {
        user: requireUser(req),
        currentAccountId: requireAccount(req).accountId,
      });
      return paginated(accounts.map(presentAccount), { number: 1, size: accounts.length }, accounts.length);
    },
  );

  r.post(
    '/user/accounts/:id/switch',
    {
      schema: {
        tags,
        security,
        'x-permission': self,
        params: ZIdParams,
        response: { 200: ZAccountResponse },
      },
    },
    async (req) => {
      const target = await switchAccount(ctx, {
        user: requireUser(req),
        token: req.accessToken ?? '',
        accountId: req.params.id,
      });
      return { data: presentAccount({ ...target, isCurrent: true }) };
    },
  );
}
