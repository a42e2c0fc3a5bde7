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
import { requireUser } from '../../http/auth.ts';
import { presentUser } from './users.presenter.ts';
import { becomePartner, changePassword, confirmChangedEmail, saveUser } from './users.service.ts';

const tags = ['user'];
const security = [{ bearerAuth: [] }];

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/user/me', { schema: { tags, security, response: { 200: ZUserResponse } } }, async (req) =>
    presentUser(requireUser(req)),
  );

  r.put(
    '/user',
    {
      schema: {
        tags,
        security,
        body: ZUpdateUserRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (req) => {
      return presentUser(await saveUser(ctx, { user: requireUser(req), input: req.body }));
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
    { schema: { tags, security, body: ZChangePasswordRequest, response: { 200: ZTrueResponse } } },
    async (req) => {
      const user = requireUser(req);
      await changePassword(ctx, { user, input: req.body, currentToken: req.accessToken });
      return true as const;
    },
  );

  r.post('/user/partner', { schema: { tags, security, response: { 200: ZUserResponse } } }, async (req) =>
    presentUser(await becomePartner(ctx, requireUser(req))),
  );

  r.get(
    '/user/balance',
    { schema: { tags, security, response: { 200: ZBalanceResponse } } },
    async (req) => ({
      data: { balance: requireUser(req).balance },
    }),
  );
}
