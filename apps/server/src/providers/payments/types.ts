/**
 * The payment providers' interface (issue 12 contract): one adapter per provider, built from config in
 * ./index.ts. The adapters speak the providers' real protocols; tests point them at stand-ins.
 */
export type PaymentMethod = 'card' | 'paypal' | 'crypto';
export type PaymentProviderName = 'stripe' | 'paypal' | 'nowpayments';

export interface CheckoutRequest {
  paymentId: number; // our Payment id: sent to the provider as its reference/metadata
  amountCents: number; // USD cents
  email: string;
  description: string; // "Linkwatch credits: 10,000"
  payCurrency?: string; // crypto only: the network/coin the user chose, e.g. "usdttrc20", "btc"
  successUrl: string; // where the provider sends the browser back (APP_URL/<locale>/balance?payment=<id>)
  cancelUrl: string;
}
/** What the web app needs to send the user on: a redirect URL always; crypto also the address to pay. */
export interface Checkout {
  providerRef: string; // stored on the Payment: webhooks find it by this
  redirectUrl: string;
  details?: Record<string, string | number>; // e.g. crypto pay_address, pay_amount, pay_currency
}
/** A verified notification, as our code acts on it. */
export type PaymentEvent =
  | { eventId: string; providerRef: string; kind: 'paid'; paidCents: number; currency: string }
  | { eventId: string; providerRef: string; kind: 'partial'; paidCents: number; currency: string } // crypto: less than asked, final
  | { eventId: string; providerRef: string; kind: 'cancelled' } // expired, failed, voided
  | { eventId: string; providerRef: string; kind: 'dispute' } // card dispute: block the account
  | { eventId: string; providerRef: string; kind: 'refund' } // money given back: a partner's commission on it is taken back
  | { eventId: string; kind: 'ignored' }; // an event we do not act on (still 200)
export class WebhookSignatureError extends Error {}
/** The amount is under the smallest the provider takes in the chosen coin; `minCents` is that minimum in USD. */
export class AmountBelowMinimumError extends Error {
  constructor(
    readonly minCents: number,
    readonly payCurrency: string,
  ) {
    super(`below the provider's minimum of ${minCents} US cents in ${payCurrency}`);
    this.name = 'AmountBelowMinimumError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly method: PaymentMethod;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the delivery (signature/HMAC/verify call) and reads it; throws WebhookSignatureError when not genuine. */
  readWebhook(delivery: {
    headers: Record<string, string | string[] | undefined>;
    rawBody: Buffer;
  }): Promise<PaymentEvent>;
  /** PayPal only: capture an approved order when the browser returns (the webhook also completes it). */
  capture?(providerRef: string): Promise<PaymentEvent>;
}
