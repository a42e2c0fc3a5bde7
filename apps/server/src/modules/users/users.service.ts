import type { Locale, TChangePasswordRequest, TProfileRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { actionMail } from '../../mail/templates.ts';
import {
  consumeEmailToken,
  createEmailToken,
  findUserByEmail,
  revokeEmailTokens,
  type User,
} from '../auth/auth.queries.ts';
import { appLink } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { type UserValues, updateUser as updateUserRow } from './users.queries.ts';

const CHANGE_EMAIL_TTL_MINUTES = 24 * 60;

function updateUser(ctx: AppContext, userId: number, values: Partial<UserValues>) {
  return updateUserRow(ctx.db, { userId, values });
}

/** PUT /user: a profile save, or the language alone (its body has no `fullname`). */
export function saveUser(
  ctx: AppContext,
  params: { user: User; input: TProfileRequest | { locale: Locale } },
) {
  const { user, input } = params;
  return 'fullname' in input
    ? updateProfile(ctx, { user, input })
    : updateLocale(ctx, { user, locale: input.locale });
}

export function updateLocale(ctx: AppContext, params: { user: User; locale: Locale }) {
  return updateUser(ctx, params.user.id, { locale: params.locale });
}

/** The profile save; a different email (as `email` or `newEmail`) waits in newEmail until confirmed by mail. */
export async function updateProfile(ctx: AppContext, params: { user: User; input: TProfileRequest }) {
  const { user, input } = params;
  const requested = input.newEmail ?? (input.email && input.email !== user.email ? input.email : null);
  const field = input.newEmail ? 'newEmail' : 'email';
  const changesEmail = requested !== null && requested.toLowerCase() !== user.email.toLowerCase();
  if (changesEmail) {
    const owner = await findUserByEmail(ctx.db, requested);
    if (owner && owner.id !== user.id) throw new FieldError({ [field]: 'validation.unique' });
  }
  const updated = await updateUser(ctx, user.id, {
    name: input.fullname,
    address: input.address ?? null,
    city: input.city ?? null,
    postalIndex: input.index ?? null,
    country: input.country ?? null,
    regCode: input.regCode ?? null,
    vatNumber: input.vatNumber ?? null,
    ...(changesEmail ? { newEmail: requested } : {}),
  });
  if (changesEmail) await sendChangeEmailMail(ctx, updated);
  return updated;
}

async function sendChangeEmailMail(ctx: AppContext, user: User) {
  const email = user.newEmail!;
  const code = await createEmailToken(ctx.db, {
    userId: user.id,
    kind: 'change',
    email,
    ttlMinutes: CHANGE_EMAIL_TTL_MINUTES,
  });
  const locale = user.locale as Locale;
  const url = appLink(ctx, locale, `/confirm-email/${code}?type=change`);
  await ctx.mailer.send(actionMail({ kind: 'confirmNewEmail', locale, to: email, name: user.name, url }));
}

export async function confirmChangedEmail(ctx: AppContext, code: string) {
  const token = await consumeEmailToken(ctx.db, { code, kind: 'change' });
  if (!token) throw new FieldError({ code: 'errors.confirmLinkInvalid' }, 'errors.confirmLinkInvalid');
  const owner = await findUserByEmail(ctx.db, token.email);
  if (owner && owner.id !== token.userId) throw new FieldError({ email: 'validation.unique' });
  await updateUser(ctx, token.userId, { email: token.email, newEmail: null, emailVerifiedAt: new Date() });
}

export async function changePassword(
  ctx: AppContext,
  params: { user: User; input: TChangePasswordRequest; currentToken: string | null },
) {
  if (!(await verifyPassword(params.input.currentPassword, params.user.passwordHash))) {
    throw new FieldError({ currentPassword: 'validation.currentPassword' });
  }
  await updateUser(ctx, params.user.id, { passwordHash: await hashPassword(params.input.password) });
  await revokeEmailTokens(ctx.db, { userId: params.user.id, kind: 'reset' });
  // Other sessions may belong to whoever knew the old password; this one stays signed in.
  await endOtherSessions(ctx, { userId: params.user.id, except: params.currentToken });
}

export function becomePartner(ctx: AppContext, user: User) {
  return updateUser(ctx, user.id, { isPartner: true });
}
