import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { rules } from '../validation.ts';

const passwordPair = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({
      ...shape,
      password: rules.password(),
      passwordConfirmation: z.string({ error: 'validation.required' }),
    })
    .refine((v) => v.password === v.passwordConfirmation, {
      error: 'validation.confirmed',
      path: ['passwordConfirmation'],
    });

export const ZRegisterRequest = passwordPair({
  name: rules.requiredString().max(255, { error: 'validation.max' }),
  email: rules.email(),
  referral: z.string().max(255).nullish(),
  captcha: z.string().nullish(),
  locale: z.enum(LOCALES).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: rules.email(),
  password: rules.requiredString(),
  partner: z.boolean().optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZForgotPasswordRequest = z.object({ email: rules.email(), captcha: z.string().nullish() });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = passwordPair({ token: rules.requiredString(), email: rules.email() });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = passwordPair({ currentPassword: rules.requiredString() });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZAccessTokenResponse = z.object({
  data: z.object({ type: z.literal('tokens'), attributes: z.object({ accessToken: z.string() }) }),
});
