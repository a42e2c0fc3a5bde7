import type { Queryable } from '../../db/client.ts';
import type { PaymentMethod, PaymentProviderName } from '../../providers/payments/types.ts';
import { insertPayment, setProviderRef } from './payments.queries.ts';

let sequence = 0;

/**
 * A Payment as createPayment leaves it once the provider answered (New, with its providerRef): for
 * tests of what notifications do, which need no provider to have made the checkout.
 */
export async function makePayment(
  db: Queryable,
  params: {
    userId: number;
    amountCents: number;
    method?: PaymentMethod;
    provider?: PaymentProviderName;
    payCurrency?: string;
    /** The member who paid (issue 27). */
    actorId?: number;
  },
) {
  const payment = await insertPayment(db, {
    userId: params.userId,
    method: params.method ?? 'card',
    provider: params.provider ?? 'stripe',
    amountCents: params.amountCents,
    email: 'payer@example.com',
    payCurrency: params.payCurrency,
    actorId: params.actorId,
  });
  const providerRef = `ref_${payment.id}_${++sequence}`;
  await setProviderRef(db, { id: payment.id, providerRef });
  return { ...payment, providerRef };
}
