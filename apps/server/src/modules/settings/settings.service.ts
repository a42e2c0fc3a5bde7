import type { TSettingsAttributes } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { paymentSettings } from '../payments/payment-settings.ts';
import { findSettings } from './settings.queries.ts';

export { SETTINGS_ID } from './settings.queries.ts';

/** The site-wide settings row, with what the configuration decides (captcha, tag manager, payments). */
export async function loadSettings(ctx: AppContext): Promise<TSettingsAttributes> {
  const row = await findSettings(ctx.db);
  return {
    linkserviceUrl: row?.linkserviceUrl ?? null,
    // The public partner landing page unless the operator points elsewhere (issue 29).
    partnerLandingUrl: row?.partnerLandingUrl ?? `${ctx.config.appUrl}/partner-program`,
    backlinksUrl: row?.backlinksUrl ?? null,
    warning: row?.warning ?? null,
    referralDomain: row?.referralDomain ?? null,
    captchaSiteKey: captchaOnFor(ctx, row) ? (ctx.config.captcha.siteKey ?? null) : null,
    tagManagerId: ctx.config.tagManager.id ?? null,
    // Payment methods are on when their providers are configured, whatever the row says (issue 12).
    ...paymentSettings(ctx, {
      enablePayPal: row?.enablePayPal ?? null,
      enableCrypto: row?.enableCrypto ?? null,
    }),
  };
}

type SettingsRow = Awaited<ReturnType<typeof findSettings>>;

function captchaOnFor(ctx: AppContext, row: SettingsRow): boolean {
  return ctx.captcha.enabled && (row?.captchaEnabled ?? true);
}

/**
 * Whether a captcha is asked for: one is configured and the operator has not switched it off in the
 * console (issue 28). Read from the row each time, so every process follows the switch at once.
 */
export async function captchaOn(ctx: AppContext): Promise<boolean> {
  if (!ctx.captcha.enabled) return false;
  return captchaOnFor(ctx, await findSettings(ctx.db));
}
