import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { rules } from '../validation.ts';

const newPassword = {
  password: rules.password(),
  passwordConfirmation: rules.text('validation.required'),
};

const passwordsMatch = (v: { password: string; passwordConfirmation: string }) =>
  v.password === v.passwordConfirmation;
// `when` reports a mismatch together with the other fields' errors, not only once they are fixed.
const mismatch = { error: 'validation.confirmed', path: ['passwordConfirmation'], when: () => true };

export const ZRegisterRequest = z
  .object({
    ...newPassword,
    name: rules.requiredString().max(255, { error: 'validation.max' }),
    email: rules.email(),
    referral: rules.text().max(255).nullish(),
    captcha: rules.text().nullish(),
    locale: z.enum(LOCALES).optional(),
  })
  .refine(passwordsMatch, mismatch);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: rules.email(),
  password: rules.requiredString(),
  partner: z.boolean().optional(),
  /** A solved captcha: needed only past a login limit (the 429 says so). */
  captcha: rules.text().nullish(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZForgotPasswordRequest = z.object({ email: rules.email(), captcha: rules.text().nullish() });

/** `POST auth/email/resend`: the confirmation mail again, for an address not yet confirmed. */
export const ZResendConfirmationRequest = z.object({ email: rules.email() });
export type TResendConfirmationRequest = z.infer<typeof ZResendConfirmationRequest>;
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z
  .object({ ...newPassword, token: rules.requiredString(), email: rules.email() })
  .refine(passwordsMatch, mismatch);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z
  .object({ ...newPassword, currentPassword: rules.requiredString() })
  .refine(passwordsMatch, mismatch);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZAccessTokenResponse = z.object({
  data: z.object({ type: z.literal('tokens'), attributes: z.object({ accessToken: z.string() }) }),
});
