import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { rules } from '../validation.ts';
import { resource, single } from './common.ts';

/** spec point 3, profile save: email, fullname, newEmail, address, city, index, country, regCode, vatNumber. */
export const ZProfileRequest = z.object({
  email: rules.email().optional(),
  fullname: rules.requiredString().max(255, { error: 'validation.max' }),
  newEmail: rules
    .email()
    .nullish()
    .or(z.literal('').transform(() => null)),
  address: rules.optionalString(),
  city: rules.optionalString(),
  index: rules.optionalString(32),
  country: rules.optionalString(),
  regCode: rules.optionalString(64),
  vatNumber: rules.optionalString(64),
});
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

export const ZLocaleRequest = z.object({ locale: z.enum(LOCALES, { error: 'validation.invalid' }) });
export type TLocaleRequest = z.infer<typeof ZLocaleRequest>;

/** `PUT user` takes either the profile payload or a lone locale. */
/** `PUT user/`: the profile form, or the language alone (the profile is tried first). */
export const ZUpdateUserRequest = z.union([ZProfileRequest, ZLocaleRequest.strict()]);

export const ZUserAttributes = z.object({
  email: z.string(),
  name: z.string(),
  newEmail: z.string().nullable(),
  uid: z.string(),
  vatNumber: z.string().nullable(),
  regCode: z.string().nullable(),
  index: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  isBlocked: z.boolean(),
  isPartner: z.boolean(),
  isAdmin: z.boolean(),
  locale: z.enum(LOCALES),
  balance: z.number(),
  participant: z.object({ roleId: z.number() }),
  createdAt: z.string(),
});
export type TUserAttributes = z.infer<typeof ZUserAttributes>;

/** `GET user/me`, `PUT user`, `POST user/partner`. */
export const ZUserResponse = single(resource('users', ZUserAttributes));
export type TUserResponse = z.infer<typeof ZUserResponse>;

/** `GET user/balance`: the user's credit balance. */
export const ZBalanceResponse = z.object({ data: z.object({ balance: z.number() }) });

export const ZPageLogRequest = z.object({
  page: rules.requiredString().max(2048, { error: 'validation.max' }),
});

export const ZSettingsAttributes = z.object({
  stripePublic: z.string().nullable(),
  linkserviceUrl: z.string().nullable(),
  partnerLandingUrl: z.string().nullable(),
  backlinksUrl: z.string().nullable(),
  warning: z.string().nullable(),
  referralDomain: z.string().nullable(),
  enableCrypto: z.boolean(),
  enablePayPal: z.boolean(),
  paymentService: z.string().nullable(),
  captchaSiteKey: z.string().nullable(),
  /** The operator's tag manager container (spec 7); null: none. */
  tagManagerId: z.string().nullable(),
});
export type TSettingsAttributes = z.infer<typeof ZSettingsAttributes>;

export const ZSettingsResponse = single(resource('settings', ZSettingsAttributes));
export type TSettingsResponse = z.infer<typeof ZSettingsResponse>;
