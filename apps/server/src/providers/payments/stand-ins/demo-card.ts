import { randomBytes } from 'node:crypto';
import { API_PREFIX } from '../../../http/prefix.ts';
import type { PaymentProviders } from '../index.ts';
import { stripeProvider } from '../stripe.ts';
import { startStripeStandIn } from './stripe.ts';

/**
 * The offline demo's card payments: the Stripe stand-in as a demo card service, so a newcomer can top
 * up without a Stripe account. Its page says it is a demo and charges nothing. It listens on loopback
 * only, so only a browser on the server's own machine can reach its Pay button, and its keys are new
 * at every start, so nobody can sign a delivery to the public webhook URL with a known secret.
 */
export async function startDemoCard(params: { appUrl: string }) {
  const secretKey = `sk_test_demo_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_demo_${randomBytes(24).toString('hex')}`;
  const service = await startStripeStandIn({
    secretKey,
    webhookSecret,
    webhookUrl: `${params.appUrl}${API_PREFIX}/payments/webhooks/stripe`,
    label: 'Demo card service: no card is charged and no money moves',
    // Stripe's webhook trails the browser's return: the balance page sees the credit arrive.
    deliverAfterMs: 1_500,
  });
  return {
    /** Card payments through the demo service when no card provider is configured. */
    fill(payments: PaymentProviders): PaymentProviders {
      if (payments.card) return payments;
      return { ...payments, card: stripeProvider({ secretKey, webhookSecret, baseUrl: service.url }) };
    },
    close: () => service.close(),
  };
}
