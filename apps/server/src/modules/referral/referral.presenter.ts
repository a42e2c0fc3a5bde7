import type { TOutpaymentAttributes, TReferralLinkAttributes } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { listReferredUsers, PayoutRow, ReferralLinkRow } from './referral.queries.ts';
import { type balance, landingPath, maskEmail, referralLinkUrl } from './referral.service.ts';

const dollars = (cents: number) => Math.round(cents) / 100;

export function presentLink(
  row: { link: ReferralLinkRow; transitions: number; signUps: number; incomeCents: number },
  base: string,
) {
  const attributes: TReferralLinkAttributes = {
    key: row.link.key,
    referralLink: referralLinkUrl(base, row.link.key),
    referralPage: landingPath(row.link.referralUri),
    referralUri: row.link.referralUri,
    countTransition: row.transitions,
    countUser: row.signUps,
    incomeByLink: dollars(row.incomeCents),
    createdAt: iso(row.link.createdAt),
  };
  return resource('referralLinks', row.link.id, attributes);
}

export function presentBalance(
  b: Awaited<ReturnType<typeof balance>>,
  config: { holdDays: number; cookieDays: number },
) {
  return {
    data: {
      id: b.partnerId,
      type: 'referralBalance' as const,
      balance: dollars(b.pendingCents + b.availableCents),
      attributes: {
        partnerId: b.partnerId,
        pending: dollars(b.pendingCents),
        available: dollars(b.availableCents),
        paidOut: dollars(b.paidOutCents),
        requested: dollars(b.requestedCents),
        percent: b.percent,
        referredRevenue: dollars(b.revenueCents),
        levels: b.levels.map((l) => ({
          min: dollars(l.min),
          max: l.max === null ? null : dollars(l.max),
          percent: l.percent,
        })),
        minPayout: dollars(b.minPayoutCents),
        holdDays: config.holdDays,
        cookieDays: config.cookieDays,
      },
    },
  };
}

type ReferredRow = Awaited<ReturnType<typeof listReferredUsers>>['rows'][number];

export function presentReferredUser(row: ReferredRow) {
  return {
    id: row.id,
    type: 'referralUsers' as const,
    attributes: { user: maskEmail(row.email), createdAt: iso(row.createdAt) },
    relationships: {
      statistic: {
        data: {
          id: row.id,
          paymentCount: row.paymentCount,
          paymentSum: dollars(row.paymentSumCents),
          incomeByUser: dollars(row.incomeCents),
        },
      },
      referralLink: { data: { id: row.linkId, key: row.linkKey } },
    },
  };
}

export function presentPayout(row: PayoutRow) {
  const attributes: TOutpaymentAttributes = {
    statusId: row.statusId,
    amount: dollars(row.amountCents),
    fee: dollars(row.feeCents),
    net: dollars(row.amountCents - row.feeCents),
    paymentMethod: row.methodName,
    type: row.type,
    email: row.email,
    reference: row.reference,
    createdAt: iso(row.createdAt),
    decidedAt: row.decidedAt ? iso(row.decidedAt) : null,
  };
  return resource('outpayments', row.id, attributes);
}
