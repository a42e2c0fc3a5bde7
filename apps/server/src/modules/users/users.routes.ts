import {
  ZBalanceResponse,
  ZChangePasswordRequest,
  ZTrueResponse,
  ZUpdateUserRequest,
  ZUserResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type AccountContext, allows, requireAccount, requireUser } from '../../http/auth.ts';
import { presentUser } from './users.presenter.ts';
import { becomePartner, changePassword, confirmChangedEmail, saveUser } from './users.service.ts';

const tags = ['user'];
const security = [{ bearerAuth: [] }];
const self = 'self' as const;

/**
 * The signed-in person as the account they work in sees them (issue 27): the participant role and
 * the balance are the current account's (the balance only to whoever may read it). The owner's own
 * answer is unchanged.
 */
function asMemberOf<U extends { roleId: number; balance: number }>(user: U, account: AccountContext): U {
  if (account.isOwner) return user;
  const balance = allows(account, 'balance.read') ? account.owner.balance : 0;
  return { ...user, roleId: account.roleId, balance };
}

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/me',
    { schema: { tags, security, 'x-permission': self, response: { 200: ZUserResponse } } },
    async (req) => presentUser(asMemberOf(requireUser(req), requireAccount(req))),
  );

  r.put(
    '/user',
    {
      schema: {
        tags,
        security,
        'x-permission': self,
        body: ZUpdateUserRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (req) => {
      const saved = await saveUser(ctx, { user: requireUser(req), input: req.body });
      return presentUser(asMemberOf(saved, requireAccount(req)));
    },
  );

  r.get(
    '/user/confirm-email/:code',
    {
      schema: {
        tags,
        params: z.object({ code: z.string().min(1).max(200) }),
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await confirmChangedEmail(ctx, req.params.code);
      return true as const;
    },
  );

  r.post(
    '/user/change-password',
    {
      schema: {
        tags,
        security,
        'x-permission': self,
        body: ZChangePasswordRequest,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await changePassword(ctx, { user, input: req.body, currentToken: req.accessToken });
      return true as const;
    },
  );

  r.post(
    '/user/partner',
    { schema: { tags, security, 'x-permission': self, response: { 200: ZUserResponse } } },
    async (req) => presentUser(asMemberOf(await becomePartner(ctx, requireUser(req)), requireAccount(req))),
  );

  r.get(
    '/user/balance',
    { schema: { tags, security, 'x-permission': 'balance.read', response: { 200: ZBalanceResponse } } },
    async (req) => ({
      data: { balance: requireAccount(req).owner.balance },
    }),
  );
}
