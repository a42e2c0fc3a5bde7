import type { TSettingsAttributes } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { settings } from '../../db/schema/index.ts';
import { paymentSettings } from '../payments/payment-settings.ts';

/** The site-wide settings are one row. */
export const SETTINGS_ID = 1;

export async function loadSettings(ctx: AppContext): Promise<TSettingsAttributes> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
  return {
    linkserviceUrl: row?.linkserviceUrl ?? null,
    partnerLandingUrl: row?.partnerLandingUrl ?? null,
    backlinksUrl: row?.backlinksUrl ?? null,
    warning: row?.warning ?? null,
    referralDomain: row?.referralDomain ?? null,
    captchaSiteKey: ctx.captcha.enabled ? (ctx.config.captcha.siteKey ?? null) : null,
    tagManagerId: ctx.config.tagManager.id ?? null,
    // Payment methods are on when their providers are configured, whatever the row says (issue 12).
    ...paymentSettings(ctx, {
      enablePayPal: row?.enablePayPal ?? null,
      enableCrypto: row?.enableCrypto ?? null,
    }),
  };
}

export async function saveSettings(ctx: AppContext, values: Partial<typeof settings.$inferInsert>) {
  await ctx.db
    .insert(settings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values });
}
