import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import {
  findLedgerRow,
  findLiveLinkByKey,
  findReferrerOf,
  findUserEmail,
  insertLedgerRow,
  insertReferredUser,
  insertVisit,
  isDeviceOf,
  listLevels,
  lockPartner,
  referredRevenue,
} from './referral.queries.ts';
import { levelFor } from './referral.service.ts';

/**
 * What the rest of the app tells the partner programme (issue 29): a visit through a link, a
 * registration that carries the attribution cookie, a referred payment that became Paid, one refunded
 * or disputed. The payment hooks run inside the payment's own transaction.
 */

const DAY_MS = 86_400_000;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A visit counted once per visitor, link and UTC day; true when this one was counted. */
export async function countVisit(ctx: AppContext, params: { linkId: number; visitor: string; now: Date }) {
  return insertVisit(ctx.db, {
    linkId: params.linkId,
    visitor: sha256(params.visitor),
    day: params.now.toISOString().slice(0, 10),
  });
}

export function liveLink(ctx: AppContext, key: string) {
  return findLiveLinkByKey(ctx.db, key);
}

/** An address without case, `+tag` or (for Gmail) dots: the same mailbox. */
function mailbox(email: string) {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const bare = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? bare.replaceAll('.', '') : bare}@${gmail ? 'gmail.com' : domain}`;
}

export type AttributionOutcome =
  | { attributed: true; partnerId: number; linkId: number }
  | { attributed: false; reason: 'noCookie' | 'unknownLink' | 'selfReferral' | 'alreadyReferred' };

/**
 * A new account whose browser carries a live link's attribution cookie becomes that link's referred
 * user. Refused, and logged: the partner's own account or mailbox, and a registration from a browser
 * the partner is signed in on (its bearer token, or a known-device cookie the partner logged in with).
 */
export async function attributeRegistration(
  ctx: AppContext,
  params: {
    userId: number;
    email: string;
    linkKey: string | null;
    deviceToken: string | null;
    signedInUserId: number | null;
  },
): Promise<AttributionOutcome> {
  if (!params.linkKey) return { attributed: false, reason: 'noCookie' };
  const link = await findLiveLinkByKey(ctx.db, params.linkKey);
  if (!link) return { attributed: false, reason: 'unknownLink' };
  const partnerEmail = await findUserEmail(ctx.db, link.userId);
  const self =
    link.userId === params.userId ||
    params.signedInUserId === link.userId ||
    (partnerEmail !== undefined && mailbox(partnerEmail) === mailbox(params.email)) ||
    (params.deviceToken !== null &&
      (await isDeviceOf(ctx.db, { tokenHash: sha256(params.deviceToken), userId: link.userId })));
  if (self) {
    ctx.log.warn(
      { partnerId: link.userId, linkId: link.id, userId: params.userId },
      'referral refused: a partner referring themselves',
    );
    return { attributed: false, reason: 'selfReferral' };
  }
  const row = await insertReferredUser(ctx.db, {
    partnerId: link.userId,
    userId: params.userId,
    linkId: link.id,
  });
  if (!row) return { attributed: false, reason: 'alreadyReferred' };
  ctx.log.info(
    { partnerId: link.userId, linkId: link.id, userId: params.userId },
    'referred user registered',
  );
  return { attributed: true, partnerId: link.userId, linkId: link.id };
}

/**
 * A referred user's top-up became Paid: their partner earns the level's percent of the dollars paid
 * (not of bonus credits), pending for the hold, then available. Once per payment (a unique index).
 */
export async function earnCommission(
  tx: Queryable,
  params: { paymentId: number; userId: number; paidCents: number; holdDays: number; now?: Date },
) {
  const referral = await findReferrerOf(tx, params.userId);
  if (!referral) return undefined;
  const partner = await lockPartner(tx, referral.partnerId);
  if (!partner) return undefined;
  const [levels, revenue] = await Promise.all([
    listLevels(tx),
    referredRevenue(tx, { partnerId: referral.partnerId, exceptPaymentId: params.paymentId }),
  ]);
  const percent = levelFor(levels, revenue)?.percent ?? 0;
  const amountCents = Math.floor((params.paidCents * percent) / 100);
  if (amountCents <= 0) return undefined;
  const now = params.now ?? new Date();
  return insertLedgerRow(tx, {
    partnerId: referral.partnerId,
    kind: 'commission',
    amountCents,
    paymentId: params.paymentId,
    referredUserId: params.userId,
    linkId: referral.linkId,
    percent,
    availableAt: new Date(now.getTime() + params.holdDays * DAY_MS),
  });
}

/**
 * The referred payment was refunded or disputed: its commission is taken back, once. While still
 * pending the reversal cancels it where it waits (same availability); after the hold it is a negative
 * row available at once, so it comes out of what is available, or, when that was paid out, of the
 * next earnings: the available balance shown never goes below zero and no payout can take it.
 */
export async function reverseCommission(tx: Queryable, params: { paymentId: number; now?: Date }) {
  const commission = await findLedgerRow(tx, { paymentId: params.paymentId, kind: 'commission' });
  if (!commission) return undefined;
  await lockPartner(tx, commission.partnerId);
  if (await findLedgerRow(tx, { paymentId: params.paymentId, kind: 'reversal' })) return undefined;
  const now = params.now ?? new Date();
  return insertLedgerRow(tx, {
    partnerId: commission.partnerId,
    kind: 'reversal',
    amountCents: -commission.amountCents,
    paymentId: params.paymentId,
    referredUserId: commission.referredUserId ?? undefined,
    linkId: commission.linkId ?? undefined,
    percent: commission.percent ?? undefined,
    availableAt: commission.availableAt > now ? commission.availableAt : now,
  });
}
