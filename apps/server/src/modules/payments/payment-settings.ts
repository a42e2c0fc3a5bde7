import type { TSettingsAttributes } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';

type PaymentSettings = Pick<
  TSettingsAttributes,
  'stripePublic' | 'paymentService' | 'enablePayPal' | 'enableCrypto'
>;

/** What the operator decided in the console: false turns a configured method off, null leaves it on. */
export interface MethodSwitches {
  enablePayPal: boolean | null;
  enableCrypto: boolean | null;
}

/**
 * The settings' payment part (spec 3, Settings) follows from the configured providers, so the web app
 * never offers a method the server would refuse: `paymentService` names the card provider. A method
 * the operator turned off (issue 28) is off even when configured.
 */
export function paymentSettings(ctx: AppContext, switches?: MethodSwitches): PaymentSettings {
  const { card, paypal, crypto } = ctx.providers.payments;
  return {
    stripePublic: card?.name === 'stripe' ? (ctx.config.stripe.publishableKey ?? null) : null,
    paymentService: card?.name ?? null,
    enablePayPal: paypal !== undefined && switches?.enablePayPal !== false,
    enableCrypto: crypto !== undefined && switches?.enableCrypto !== false,
  };
}

/** Whether the operator turned a wallet method off; the card follows its configuration alone. */
export function isTurnedOff(method: string, switches: MethodSwitches): boolean {
  if (method === 'paypal') return switches.enablePayPal === false;
  if (method === 'crypto') return switches.enableCrypto === false;
  return false;
}
