import type { AppContext } from '../../context.ts';
import { TooManyAttemptsError } from '../../errors.ts';
import { countLoginFailure, findUserByEmail } from './auth.queries.ts';
import { sendConfirmationMail } from './auth.service.ts';

/** Confirmation mails one address can ask for in a window: enough for a lost mail, too few to flood. */
export const RESEND_MAX_PER_ADDRESS = 3;
/** Per client address, across e-mail addresses: one office may share an address. */
export const RESEND_MAX_PER_CLIENT = 10;
export const RESEND_WINDOW_MINUTES = 60;

/**
 * Sends the confirmation mail again to an account not yet confirmed (a lost or expired link). It
 * answers the same whether or not the address has an account, or is confirmed already, so it cannot
 * be used to probe for accounts; each address and each client is counted either way.
 */
export async function resendConfirmation(ctx: AppContext, params: { email: string; ip: string }) {
  const windowSeconds = RESEND_WINDOW_MINUTES * 60;
  const address = await countLoginFailure(ctx.db, {
    key: `resend:${params.email.toLowerCase()}`,
    windowSeconds,
  });
  const client = await countLoginFailure(ctx.db, { key: `resend-ip:${params.ip}`, windowSeconds });
  if (address.failures > RESEND_MAX_PER_ADDRESS || client.failures > RESEND_MAX_PER_CLIENT) {
    throw new TooManyAttemptsError(Math.max(address.retryAfterSeconds, client.retryAfterSeconds, 1));
  }
  const user = await findUserByEmail(ctx.db, params.email);
  if (!user || user.emailVerifiedAt) return;
  await sendConfirmationMail(ctx, user);
}
