import {
  ZAccessTokenResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendConfirmationRequest,
  ZResetPasswordRequest,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { referralKeyOf } from '../referral/visits.ts';
import { confirmEmail, forgotPassword, register, resetPassword } from './auth.service.ts';
import { deviceToken, setDeviceCookie } from './device-cookie.ts';
import { login } from './login.service.ts';
import { resendConfirmation } from './resend-confirmation.ts';
import { logout } from './sessions.ts';

const tags = ['auth'];
const ZCode = z.object({ code: z.string().min(1).max(200) });

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/register',
    { schema: { tags, body: ZRegisterRequest, response: { 200: ZTrueResponse } } },
    async (req) => {
      await register(ctx, {
        input: req.body,
        locale: requestLocale(req),
        ip: req.ip,
        referral: {
          linkKey: referralKeyOf(req.headers.cookie ?? ''),
          deviceToken: deviceToken(req),
          signedInUserId: req.user?.id ?? null,
        },
      });
      return true as const;
    },
  );

  r.get(
    '/auth/confirm-email/:code',
    { schema: { tags, params: ZCode, response: { 200: ZTrueResponse } } },
    async (req) => {
      await confirmEmail(ctx, req.params.code);
      return true as const;
    },
  );

  r.post(
    '/auth/login',
    { schema: { tags, body: ZLoginRequest, response: { 200: ZAccessTokenResponse } } },
    async (req, reply) => {
      const { accessToken, deviceToken: device } = await login(ctx, {
        input: req.body,
        ip: req.ip,
        deviceToken: deviceToken(req),
      });
      setDeviceCookie(reply, { token: device, secure: ctx.config.appUrl.startsWith('https:') });
      return { data: { type: 'tokens' as const, attributes: { accessToken } } };
    },
  );

  r.post('/auth/logout', { schema: { tags, response: { 200: ZTrueResponse } } }, async (req) => {
    if (req.user && req.accessToken) await logout(ctx, { userId: req.user.id, token: req.accessToken });
    return true as const;
  });

  r.post(
    '/auth/forgot-password',
    { schema: { tags, body: ZForgotPasswordRequest, response: { 200: ZTrueResponse } } },
    async (req) => {
      await forgotPassword(ctx, req.body.email);
      return true as const;
    },
  );

  r.post(
    '/auth/reset-password',
    { schema: { tags, body: ZResetPasswordRequest, response: { 200: ZTrueResponse } } },
    async (req) => {
      await resetPassword(ctx, req.body);
      return true as const;
    },
  );
}

export function resendConfirmationRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/auth/email/resend',
      { schema: { tags: ['auth'], body: ZResendConfirmationRequest, response: { 200: ZTrueResponse } } },
      async (req) => {
        await resendConfirmation(ctx, { email: req.body.email, ip: req.ip });
        return true as const;
      },
    );
}
