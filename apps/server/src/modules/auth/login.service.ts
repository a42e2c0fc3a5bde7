import type { TLoginRequest } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, TooManyAttemptsError } from '../../errors.ts';
import { captchaOn } from '../settings/settings.service.ts';
import {
  clearLoginFailures,
  countLoginFailure,
  createAccessToken,
  findKnownDevice,
  findUserByEmail,
  markPartner,
  rememberDevice,
  uncountLoginFailure,
} from './auth.queries.ts';
import { verifyPasswordOf } from './passwords.ts';

/**
 * The login limits (README, "Login limits"). Failures are counted in a window of LOGIN_WINDOW_MINUTES
 * under several keys at once:
 * - per account and address pair: the guessing limit. It stops one address guessing one account and
 *   locks nobody else out: the owner elsewhere is another pair.
 * - per account, across addresses: a higher backstop against guessing spread over many addresses.
 * - per address, across accounts: against one address trying many accounts. Behind a proxy without
 *   TRUST_PROXY every user shares it, so past it a captcha (or a known device) lets a user through.
 * Past any of them an attempt is refused before its password is checked (no oracle), unless it comes
 * with a solved captcha. A browser the account logged in from before (its `known device` cookie) is
 * counted on its own key instead: only its holder's failures can lock it.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_PAIR_MAX_FAILURES = 5;
export const LOGIN_ACCOUNT_MAX_FAILURES = 50;
export const LOGIN_ADDRESS_MAX_FAILURES = 30;
export const LOGIN_DEVICE_MAX_FAILURES = 5;
const WINDOW_SECONDS = LOGIN_WINDOW_MINUTES * 60;

export interface LoginParams {
  input: TLoginRequest;
  ip: string;
  /** The browser's known-device cookie, if it sent one. */
  deviceToken?: string | null;
}

export async function login(ctx: AppContext, params: LoginParams) {
  const email = params.input.email.toLowerCase();
  const device = params.deviceToken
    ? await findKnownDevice(ctx.db, { token: params.deviceToken, email })
    : undefined;
  const keys = device
    ? [`device:${device.id}`]
    : [`pair:${email}|${params.ip}`, `account:${email}`, `address:${params.ip}`];
  await admitAttempt(ctx, { keys, device: Boolean(device), params });

  const user = await findUserByEmail(ctx.db, email);
  if (!(await verifyPasswordOf(params.input.password, user)) || !user) {
    throw new AppError('unauthenticated', 'errors.badCredentials');
  }
  // A right password takes its own count back: the pair and the device start afresh, the shared
  // account and address counts lose only this attempt (others' failures stay counted).
  await clearLoginFailures(ctx.db, keys[0]);
  for (const key of keys.slice(1)) await uncountLoginFailure(ctx.db, key);
  if (!user.emailVerifiedAt) throw new AppError('forbidden', 'errors.emailNotConfirmed');
  // spec 6: the partner flag selects the partner area; whoever signs in to it joins the programme.
  if (params.input.partner && !user.isPartner) await markPartner(ctx.db, user.id);
  return {
    accessToken: await createAccessToken(ctx.db, user.id),
    deviceToken: await rememberDevice(ctx.db, { userId: user.id, token: params.deviceToken }),
  };
}

/**
 * Counts the attempt under every key before the password is checked, in one statement per key, so
 * parallel attempts cannot all read "under the limit". Past a limit, only a solved captcha lets it on.
 */
async function admitAttempt(
  ctx: AppContext,
  { keys, device, params }: { keys: string[]; device: boolean; params: LoginParams },
) {
  const limits = device
    ? [LOGIN_DEVICE_MAX_FAILURES]
    : [LOGIN_PAIR_MAX_FAILURES, LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_ADDRESS_MAX_FAILURES];
  let retryAfter = 0;
  for (const [i, key] of keys.entries()) {
    const count = await countLoginFailure(ctx.db, { key, windowSeconds: WINDOW_SECONDS });
    if (count.failures > limits[i]) retryAfter = Math.max(retryAfter, count.retryAfterSeconds, 1);
  }
  if (retryAfter === 0) return;
  // A known device's limit is its holder's own doing: no captcha opens it.
  const captcha = !device && (await captchaOn(ctx));
  if (captcha && (await ctx.captcha.verify(params.input.captcha, params.ip))) return;
  throw new TooManyAttemptsError(retryAfter, { captcha });
}
