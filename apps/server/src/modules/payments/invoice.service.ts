import { type Locale, PaymentStatus } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { renderInvoice } from './invoice.ts';
import { findBuyer, findOwnPayment } from './payments.queries.ts';

/** The invoice of one of the user's payments: only a Paid one has any (anything else is not found). */
export async function invoiceFor(
  ctx: AppContext,
  params: { userId: number; paymentId: number; locale: Locale },
) {
  const payment = await findOwnPayment(ctx.db, { userId: params.userId, id: params.paymentId });
  if (!payment || payment.statusId !== PaymentStatus.Paid) throw notFound();
  const buyer = await findBuyer(ctx.db, params.userId);
  if (!buyer) throw notFound();
  return renderInvoice({ payment, buyer, seller: ctx.config.seller, locale: params.locale });
}
