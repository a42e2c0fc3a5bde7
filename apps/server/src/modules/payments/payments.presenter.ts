import type { Locale, TPaymentAttributes } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { iso, resource } from '../../http/present.ts';
import type { Checkout } from '../../providers/payments/types.ts';
import type { PaymentRow } from './payments.queries.ts';

export function presentPayment(payment: PaymentRow, locale: Locale, checkout?: Checkout) {
  const attributes: TPaymentAttributes = {
    statusId: payment.statusId,
    statusText: translate(locale, `payments.status.${payment.statusId}`),
    amount: payment.amountCents / 100,
    paid: payment.paidCents === null ? null : payment.paidCents / 100,
    paymentMethod: payment.method,
    payCurrency: payment.payCurrency,
    bonus: payment.bonusCredits,
    createdAt: iso(payment.createdAt),
    paidAt: iso(payment.paidAt),
    redirectUrl: checkout?.redirectUrl ?? null,
    details: checkout?.details ?? null,
  };
  return { data: resource('payments', payment.id, attributes) };
}
