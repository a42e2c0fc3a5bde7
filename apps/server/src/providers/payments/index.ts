import type { Config } from '../../config.ts';
import { API_PREFIX } from '../../http/prefix.ts';
import { nowpaymentsFromConfig } from './nowpayments.ts';
import { paypalFromConfig } from './paypal.ts';
import { stripeFromConfig } from './stripe.ts';
import type { PaymentMethod, PaymentProvider } from './types.ts';

export type PaymentProviders = Partial<Record<PaymentMethod, PaymentProvider>>;

/**
 * The payment methods the configuration turns on, one provider each (card: Stripe, paypal: PayPal,
 * crypto: NOWPayments). Each adapter adds its own line here, on when its keys are set; a method with
 * no provider answers "not available" and the settings say it is off.
 */
export function createPaymentProviders(_config: Config): PaymentProviders {
  const providers: PaymentProviders = {};
  const card = stripeFromConfig(_config.stripe);
  if (card) providers.card = card;
  const paypal = paypalFromConfig(_config.paypal);
  if (paypal) providers.paypal = paypal;
  const crypto = nowpaymentsFromConfig(_config.nowpayments, {
    ipnCallbackUrl: `${_config.appUrl}${API_PREFIX}/payments/webhooks/nowpayments`,
  });
  if (crypto) providers.crypto = crypto;
  return providers;
}

/** The provider behind a webhook path's name (`stripe`, `paypal`, `nowpayments`), when configured. */
export function providerNamed(providers: PaymentProviders, name: string): PaymentProvider | undefined {
  return Object.values(providers).find((provider) => provider?.name === name);
}

/**
 * The crypto networks (pay currencies, e.g. "btc", "usdttrc20") the payment popup offers: what the
 * crypto provider's store accepts, or none when crypto is off.
 */
export async function cryptoNetworks(providers: PaymentProviders): Promise<string[]> {
  const crypto = providers.crypto;
  return crypto && 'networks' in crypto && typeof crypto.networks === 'function' ? crypto.networks() : [];
}
