import {
  BalanceTransactionType,
  PaymentStatus,
  UNBLOCK_MIN_CENTS,
  usdCentsToCredits,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { PaymentEvent, PaymentProviderName } from '../../providers/payments/types.ts';
import { setBlocked } from '../balance/blocking.ts';
import { applyLedgerEntry } from '../balance/ledger.ts';
import { earnCommission, reverseCommission } from '../referral/commissions.ts';
import { queueWebhookEvent } from '../webhooks/webhooks.service.ts';
import { bonusFor } from './levels.ts';
import {
  findAccountState,
  insertPaymentEvent,
  listLevels,
  lockPaymentByRef,
  type PaymentRow,
  setEventPayment,
  updatePayment,
} from './payments.queries.ts';

/** What a notification did: nothing new (a replay, an event we ignore), or what it changed. */
export type EventOutcome =
  | { applied: false; reason: 'replay' | 'ignored' | 'unknownPayment' }
  | {
      applied: true;
      userId: number;
      change: 'credited' | 'cancelled' | 'blocked' | 'refunded' | 'problem' | 'none';
    };

/**
 * Acts on one verified provider notification, exactly once: the (provider, event id) row and every
 * change it causes commit together, so a replay (or the same event delivered twice at once: the
 * unique index makes the second wait, then find the first) changes nothing. The payment row is locked,
 * so two different events of one payment apply one after the other. After the commit the user's new
 * balance goes out on the events bus.
 */
export async function applyPaymentEvent(
  ctx: AppContext,
  provider: PaymentProviderName,
  event: PaymentEvent,
): Promise<EventOutcome> {
  if (event.kind === 'ignored') return { applied: false, reason: 'ignored' };
  const outcome = await ctx.db.transaction(async (tx): Promise<EventOutcome> => {
    const seen = await insertPaymentEvent(tx, { provider, eventId: event.eventId, kind: event.kind });
    if (!seen) return { applied: false, reason: 'replay' };
    const payment = await lockPaymentByRef(tx, { provider, providerRef: event.providerRef });
    // Kept as seen: an event for a session that is not ours (a shared provider account) stays ignored.
    if (!payment) return { applied: false, reason: 'unknownPayment' };
    await setEventPayment(tx, { eventId: seen.id, paymentId: payment.id });
    const change = await applyToPayment(tx, { payment, event, holdDays: ctx.config.referral.holdDays });
    return { applied: true, userId: payment.userId, change };
  });
  if (outcome.applied && outcome.change !== 'none') {
    await publishAccount(ctx, outcome.userId);
  } else if (!outcome.applied && outcome.reason === 'unknownPayment') {
    ctx.log.warn({ provider, event }, 'payment notification for an unknown payment');
  }
  return outcome;
}

type Change = Extract<EventOutcome, { applied: true }>['change'];
type ActedEvent = Exclude<PaymentEvent, { kind: 'ignored' }>;

async function applyToPayment(
  tx: Tx,
  { payment, event, holdDays }: { payment: PaymentRow; event: ActedEvent; holdDays: number },
): Promise<Change> {
  switch (event.kind) {
    case 'paid':
    case 'partial': {
      const change = await receiveMoney(tx, { payment, event });
      // A referred user's money earns their partner a commission, held for the refund window (issue 29).
      if (change === 'credited')
        await earnCommission(tx, {
          paymentId: payment.id,
          userId: payment.userId,
          paidCents: event.paidCents,
          holdDays,
        });
      return change;
    }
    case 'refund':
      // Given back before it was credited (a crypto refund of a payment never finished): nothing was
      // earned, the payment is over.
      if (payment.statusId === PaymentStatus.New) {
        await updatePayment(tx, { id: payment.id, values: { statusId: PaymentStatus.Cancelled } });
        return 'cancelled';
      }
      // The money went back: no partner keeps a commission on it (the credits are the operator's call).
      await reverseCommission(tx, { paymentId: payment.id });
      await updatePayment(tx, { id: payment.id, values: { problem: withProblem(payment, 'refunded') } });
      return 'refunded';
    case 'cancelled':
      if (payment.statusId !== PaymentStatus.New) return 'none';
      await updatePayment(tx, { id: payment.id, values: { statusId: PaymentStatus.Cancelled } });
      return 'cancelled';
    case 'dispute':
      // The money may be taken back: no more tasks until the account pays again (spec 6).
      await setBlocked(tx, { userId: payment.userId, blocked: true });
      await reverseCommission(tx, { paymentId: payment.id });
      await updatePayment(tx, {
        id: payment.id,
        values: { problem: withProblem(payment, 'dispute opened') },
      });
      return 'blocked';
  }
}

/**
 * New → Paid: the money that arrived as a TopUp row and its level's bonus as a Bonus row. A paid event
 * whose amount or currency differs from the Payment's, or money for a payment no longer New, is only
 * recorded (`problem`) for the operator: a Payment moves New → Paid once.
 */
async function receiveMoney(
  tx: Tx,
  { payment, event }: { payment: PaymentRow; event: Extract<ActedEvent, { kind: 'paid' | 'partial' }> },
): Promise<Change> {
  if (payment.statusId === PaymentStatus.Paid) return 'none';
  const problem = moneyProblem(payment, event);
  if (problem) {
    await updatePayment(tx, { id: payment.id, values: { problem: withProblem(payment, problem) } });
    return 'problem';
  }
  const levels = await listLevels(tx);
  const bonus = bonusFor({ levels, paidCents: event.paidCents });
  await applyLedgerEntry(tx, {
    userId: payment.userId,
    value: usdCentsToCredits(event.paidCents),
    typeId: BalanceTransactionType.TopUp,
    description: `payment:${payment.method}`,
    paymentId: payment.id,
  });
  if (bonus.credits > 0) {
    await applyLedgerEntry(tx, {
      userId: payment.userId,
      value: bonus.credits,
      typeId: BalanceTransactionType.Bonus,
      description: `payment-bonus:${bonus.percent}`,
      paymentId: payment.id,
    });
  }
  await updatePayment(tx, {
    id: payment.id,
    values: {
      statusId: PaymentStatus.Paid,
      paidCents: event.paidCents,
      bonusCredits: bonus.credits,
      paidAt: new Date(),
    },
  });
  await queueWebhookEvent(tx, {
    userId: payment.userId,
    type: 'payment.paid',
    data: {
      paymentId: payment.id,
      method: payment.method,
      amountCents: payment.amountCents,
      paidCents: event.paidCents,
      currency: payment.currency,
      credits: usdCentsToCredits(event.paidCents),
      bonusCredits: bonus.credits,
    },
  });
  if (event.paidCents >= UNBLOCK_MIN_CENTS) await setBlocked(tx, { userId: payment.userId, blocked: false });
  return 'credited';
}

function moneyProblem(
  payment: PaymentRow,
  event: { kind: 'paid' | 'partial'; paidCents: number; currency: string },
): string | null {
  const got = `${event.kind} ${event.paidCents} ${event.currency}`;
  if (payment.statusId !== PaymentStatus.New) return `${got} after the payment was cancelled`;
  if (event.currency.toLowerCase() !== payment.currency)
    return `${got}: currency differs from ${payment.currency}`;
  if (!Number.isInteger(event.paidCents) || event.paidCents <= 0) return `${got}: nothing paid`;
  if (event.kind === 'paid' && event.paidCents !== payment.amountCents)
    return `${got}: amount differs from ${payment.amountCents}`;
  // A partial crypto payment is final and credited for what arrived, so it must be less than asked.
  if (event.kind === 'partial' && event.paidCents >= payment.amountCents)
    return `${got}: not less than ${payment.amountCents}`;
  return null;
}

function withProblem(payment: PaymentRow, problem: string): string {
  return payment.problem ? `${payment.problem}; ${problem}` : problem;
}

/** The balance (and the block, which a payment or dispute may change) reach the user's open pages. */
async function publishAccount(ctx: AppContext, userId: number) {
  const user = await findAccountState(ctx.db, userId);
  if (user) await ctx.events.publish({ userId, event: 'Balance', data: user });
}
