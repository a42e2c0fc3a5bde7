import type { TSettingsAttributes } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';

type PaymentSettings = Pick<
  TSettingsAttributes,
  'stripePublic' | 'paymentService' | 'enablePayPal' | 'enableCrypto'
>;

/**
 * The settings' payment part (spec 3, Settings) follows from the configured providers, so the web app
 * never offers a method the server would refuse: `paymentService` names the card provider.
 */
export function paymentSettings(ctx: AppContext): PaymentSettings {
  const { card, paypal, crypto } = ctx.providers.payments;
  return {
    stripePublic: card?.name === 'stripe' ? (ctx.config.stripe.publishableKey ?? null) : null,
    paymentService: card?.name ?? null,
    enablePayPal: paypal !== undefined,
    enableCrypto: crypto !== undefined,
  };
}
