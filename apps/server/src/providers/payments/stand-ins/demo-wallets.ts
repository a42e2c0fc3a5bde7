import { randomBytes } from 'node:crypto';
import { API_PREFIX } from '../../../http/prefix.ts';
import type { PaymentProviders } from '../index.ts';
import { nowpaymentsProvider } from '../nowpayments.ts';
import { paypalProvider } from '../paypal.ts';
import { startNowPaymentsStandIn } from './nowpayments.ts';
import { startPayPalStandIn } from './paypal.ts';

/**
 * The offline demo's PayPal and crypto payments, as demo-card.ts does for cards: the PayPal and
 * NOWPayments stand-ins as labelled demo services, so a newcomer can try every method without
 * accounts. Their pages say they are demos and nothing moves. They listen on loopback only and their
 * keys are new at every start, so nobody can sign a notification to the public webhook URLs.
 */
export async function startDemoWallets(params: { appUrl: string }) {
  const secret = (prefix: string) => `${prefix}${randomBytes(18).toString('hex')}`;
  const webhook = (provider: string) => `${params.appUrl}${API_PREFIX}/payments/webhooks/${provider}`;
  const paypalKeys = { clientId: secret('demo-'), clientSecret: secret('demo-'), webhookId: secret('DEMO') };
  const paypal = await startPayPalStandIn({
    ...paypalKeys,
    webhookUrl: webhook('paypal'),
    label: 'Demo PayPal service: nobody is charged and no money moves',
    // The approval's webhook captures the order even if the page never asks to.
    approvedEventAfterMs: 1_500,
  });
  const cryptoKeys = { apiKey: secret('DEMO-'), ipnSecret: secret('demo-') };
  const crypto = await startNowPaymentsStandIn({
    ...cryptoKeys,
    label: 'Demo crypto service: no coins move',
    // The browser is back on the balance page while the confirmations arrive.
    ipnStepMs: 700,
  });
  return {
    /** PayPal and crypto through the demo services where neither is configured. */
    fill(payments: PaymentProviders): PaymentProviders {
      return {
        ...payments,
        paypal:
          payments.paypal ??
          paypalProvider({ ...paypalKeys, baseUrl: paypal.url, brandName: 'Linkwatch demo' }),
        crypto:
          payments.crypto ??
          nowpaymentsProvider({ ...cryptoKeys, baseUrl: crypto.url, ipnCallbackUrl: webhook('nowpayments') }),
      };
    },
    close: () => Promise.all([paypal.close(), crypto.close()]).then(() => undefined),
  };
}
