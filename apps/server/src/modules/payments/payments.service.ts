import { BCP47, type Locale, PaymentStatus, usdCentsToCredits } from '@linkwatch/shared';
import { formatNumber, translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import { cryptoNetworks, providerNamed } from '../../providers/payments/index.ts';
import {
  AmountBelowMinimumError,
  type Checkout,
  type PaymentMethod,
  WebhookSignatureError,
} from '../../providers/payments/types.ts';
import { applyPaymentEvent } from './apply-event.ts';
import { isTurnedOff } from './payment-settings.ts';
import {
  findOwnPayment,
  insertPayment,
  listLevels,
  loadMethodSwitches,
  type PaymentRow,
  setProviderRef,
  updatePayment,
} from './payments.queries.ts';

export interface CreatePaymentParams {
  userId: number;
  /** The member who pays into the owner's account (issue 27); null or left out: the owner. */
  actorId?: number | null;
  locale: Locale;
  method: PaymentMethod;
  input: { paymentMethod: PaymentMethod; amountCents: number; email: string; payCurrency?: string };
}

/**
 * A top-up: the Payment (New) first, so its id travels to the provider as the reference, then the
 * provider's checkout; its id is stored as the Payment's providerRef, which the notifications name.
 * A provider that fails leaves the Payment Cancelled with the reason, never half-made.
 */
export async function createPayment(
  ctx: AppContext,
  { userId, actorId, locale, method, input }: CreatePaymentParams,
): Promise<{ payment: PaymentRow; checkout: Checkout }> {
  if (input.paymentMethod !== method) throw new FieldError({ paymentMethod: 'validation.invalid' });
  const provider = ctx.providers.payments[method];
  if (!provider || isTurnedOff(method, await loadMethodSwitches(ctx.db)))
    throw new FieldError({ paymentMethod: 'payments.errors.notAvailable' }, 'payments.errors.notAvailable');
  const payment = await insertPayment(ctx.db, {
    userId,
    actorId: actorId ?? null,
    method,
    provider: provider.name,
    amountCents: input.amountCents,
    email: input.email,
    payCurrency: method === 'crypto' ? input.payCurrency : undefined,
  });
  const back = `${ctx.config.appUrl}/${locale}/balance?payment=${payment.id}`;
  let checkout: Checkout;
  try {
    checkout = await provider.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      email: payment.email,
      description: translate(locale, 'payments.description', {
        credits: formatNumber(locale, usdCentsToCredits(payment.amountCents)),
      }),
      payCurrency: payment.payCurrency ?? undefined,
      successUrl: back,
      cancelUrl: `${back}&cancelled=1`,
    });
  } catch (error) {
    ctx.log.warn({ err: error, paymentId: payment.id, provider: provider.name }, 'checkout failed');
    const problem = `checkout failed: ${error instanceof Error ? error.message : String(error)}`.slice(
      0,
      500,
    );
    await updatePayment(ctx.db, { id: payment.id, values: { statusId: PaymentStatus.Cancelled, problem } });
    if (error instanceof AmountBelowMinimumError) throw belowMinimum({ locale, error });
    throw new AppError('invalid', 'payments.errors.providerFailed');
  }
  await setProviderRef(ctx.db, { id: payment.id, providerRef: checkout.providerRef });
  return { payment: { ...payment, providerRef: checkout.providerRef }, checkout };
}

/**
 * The provider's minimum, in dollars written as the balance page writes them ($10.00, 10,00 $), under
 * the network the user chose (the popup shows it there).
 */
function belowMinimum({ locale, error }: { locale: Locale; error: AmountBelowMinimumError }) {
  const dollars = new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency: 'USD' });
  const params = { min: dollars.format(error.minCents / 100), coin: error.payCurrency.toUpperCase() };
  const field = { key: 'payments.errors.belowMinimum', params };
  return new FieldError({ payCurrency: field }, 'payments.errors.belowMinimum', params);
}

export async function ownPayment(ctx: AppContext, params: { userId: number; id: number }) {
  const payment = await findOwnPayment(ctx.db, params);
  if (!payment) throw notFound();
  return payment;
}

/**
 * PayPal's return: the browser comes back with the order approved and we capture it now rather than
 * wait for the webhook. The capture's answer goes through applyPaymentEvent like a notification, so
 * the webhook that follows finds the payment Paid and changes nothing.
 */
export async function capturePayment(ctx: AppContext, params: { userId: number; id: number }) {
  const payment = await ownPayment(ctx, params);
  const provider = ctx.providers.payments[payment.method];
  if (!provider?.capture || !payment.providerRef)
    throw new AppError('invalid', 'payments.errors.notCapturable');
  if (payment.statusId !== PaymentStatus.New) return payment;
  const event = await provider.capture(payment.providerRef);
  await applyPaymentEvent(ctx, provider.name, event);
  return ownPayment(ctx, params);
}

/** The bonus tiers, lowest first (`GET payments/levels`). */
export function paymentLevels(ctx: AppContext) {
  return listLevels(ctx.db);
}

/** The crypto networks the payment popup offers (none when crypto is off). */
export function paymentNetworks(ctx: AppContext) {
  return cryptoNetworks(ctx.providers.payments);
}

/**
 * `POST payments/webhooks/{provider}`: a delivery verified by its provider and applied. One whose
 * signature does not hold changes nothing and is answered `refused` (the provider retries a genuine one);
 * an unknown provider is not found.
 */
export async function receiveWebhook(
  ctx: AppContext,
  params: { provider: string; headers: Record<string, string | string[] | undefined>; rawBody: Buffer },
): Promise<{ received: true } | { refused: string; provider: string }> {
  const provider = providerNamed(ctx.providers.payments, params.provider);
  if (!provider) throw notFound();
  let event: Awaited<ReturnType<typeof provider.readWebhook>>;
  try {
    event = await provider.readWebhook({ headers: params.headers, rawBody: params.rawBody });
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { refused: error.message, provider: provider.name };
    throw error;
  }
  await applyPaymentEvent(ctx, provider.name, event);
  return { received: true };
}
