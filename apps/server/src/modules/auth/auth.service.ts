import type { Locale, TRegisterRequest, TResetPasswordRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { FieldError } from '../../errors.ts';
import { actionMail } from '../../mail/templates.ts';
import { grantWelcomeCredits } from '../balance/welcome.ts';
import { attributeRegistration } from '../referral/commissions.ts';
import { captchaOn } from '../settings/settings.service.ts';
import {
  consumeEmailToken,
  consumeEmailTokenAndSiblings,
  createEmailToken,
  findEmailVerifiedAt,
  findUserByEmail,
  forgetDevices,
  insertRegisteredUser,
  markEmailVerified,
  revokeAllAccessTokens,
  setPasswordAndVerify,
  type User,
} from './auth.queries.ts';
import { hashPassword } from './passwords.ts';
import { announceRevoked } from './sessions.ts';

const CONFIRM_TTL_MINUTES = 7 * 24 * 60;
const RESET_TTL_MINUTES = 60;

export function appLink(ctx: AppContext, locale: Locale, pathAndQuery: string) {
  return `${ctx.config.appUrl}/${locale}${pathAndQuery}`;
}

export async function sendConfirmationMail(ctx: AppContext, user: User) {
  const code = await createEmailToken(ctx.db, {
    userId: user.id,
    kind: 'confirm',
    email: user.email,
    ttlMinutes: CONFIRM_TTL_MINUTES,
  });
  const locale = user.locale as Locale;
  const url = appLink(ctx, locale, `/confirm-email/${code}`);
  await ctx.mailer.send(actionMail({ kind: 'confirmEmail', locale, to: user.email, name: user.name, url }));
}

/**
 * Answers the same for a new and a taken address, in the same time (both hash the password and send
 * one mail), so registration cannot be used to probe for accounts. The owner of a taken address gets
 * a mail saying so, or, if the account was never confirmed, a fresh confirmation link.
 */
export async function register(
  ctx: AppContext,
  params: {
    input: TRegisterRequest;
    locale: Locale;
    ip: string;
    /** The browser's referral attribution cookie and who it is signed in as (issue 29). */
    referral?: { linkKey: string | null; deviceToken: string | null; signedInUserId: number | null };
  },
) {
  const { input, locale } = params;
  if ((await captchaOn(ctx)) && !(await ctx.captcha.verify(input.captcha, params.ip))) {
    throw new FieldError({ captcha: 'errors.captchaWrong' });
  }
  const passwordHash = await hashPassword(input.password);
  const taken = await findUserByEmail(ctx.db, input.email);
  if (taken) return mailTakenAddress(ctx, taken);
  const user = await insertRegisteredUser(ctx.db, {
    name: input.name,
    email: input.email,
    passwordHash,
    locale: input.locale ?? locale,
    referral: input.referral ?? null,
  });
  // A concurrent registration of the same address won the unique index: the address is taken after all.
  if (!user) {
    const winner = await findUserByEmail(ctx.db, input.email);
    return winner ? mailTakenAddress(ctx, winner) : undefined;
  }
  if (params.referral) {
    await attributeRegistration(ctx, { userId: user.id, email: user.email, ...params.referral });
  }
  await sendConfirmationMail(ctx, user);
}

/** Someone registered with an address that has an account: tell its owner, in the owner's language. */
async function mailTakenAddress(ctx: AppContext, owner: User) {
  if (!owner.emailVerifiedAt) return sendConfirmationMail(ctx, owner);
  const locale = owner.locale as Locale;
  const url = appLink(ctx, locale, '/login');
  await ctx.mailer.send(
    actionMail({ kind: 'accountExists', locale, to: owner.email, name: owner.name, url }),
  );
}

export async function confirmEmail(ctx: AppContext, code: string) {
  await ctx.db.transaction(async (tx) => {
    const token = await consumeEmailToken(tx, { code, kind: 'confirm' });
    if (!token) throw new FieldError({ code: 'errors.confirmLinkInvalid' }, 'errors.confirmLinkInvalid');
    await markEmailVerified(tx, token.userId);
    await grantWelcomeCredits(tx, { userId: token.userId, amount: ctx.config.welcomeCredits });
  });
}

/** Answers the same whether or not the address is known, so it cannot be used to probe for accounts. */
export async function forgotPassword(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const code = await createEmailToken(ctx.db, {
    userId: user.id,
    kind: 'reset',
    email: user.email,
    ttlMinutes: RESET_TTL_MINUTES,
  });
  const locale = user.locale as Locale;
  const query = new URLSearchParams({ token: code, email: user.email });
  const url = appLink(ctx, locale, `/login/reset-password?${query}`);
  await ctx.mailer.send(actionMail({ kind: 'resetPassword', locale, to: user.email, name: user.name, url }));
}

export async function resetPassword(ctx: AppContext, input: TResetPasswordRequest) {
  const userId = await ctx.db.transaction(async (tx) => {
    const token = await consumeEmailTokenAndSiblings(tx, { code: input.token, kind: 'reset' });
    if (!token || token.email.toLowerCase() !== input.email.toLowerCase()) {
      throw new FieldError({ token: 'errors.resetTokenInvalid' }, 'errors.resetTokenInvalid');
    }
    const passwordHash = await hashPassword(input.password);
    // A reset also proves the address, and signs out every session that may have known the old password.
    const before = await findEmailVerifiedAt(tx, token.userId);
    await setPasswordAndVerify(tx, { userId: token.userId, passwordHash });
    // It is then the account's confirmation: the welcome credits come with it (still once per account,
    // whichever of the two links is followed first). An account confirmed before gets nothing new.
    if (!before?.emailVerifiedAt) {
      await grantWelcomeCredits(tx, { userId: token.userId, amount: ctx.config.welcomeCredits });
    }
    await revokeAllAccessTokens(tx, { userId: token.userId });
    await forgetDevices(tx, token.userId);
    return token.userId;
  });
  // Their open sockets close too, once the revocation is committed.
  await announceRevoked(ctx, { userId });
}
