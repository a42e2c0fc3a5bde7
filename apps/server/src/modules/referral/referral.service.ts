import { randomBytes } from 'node:crypto';
import {
  BalanceTransactionType,
  REFERRAL_PAGES,
  ReferralMethodType,
  ReferralPayoutStatus,
  type TCreateOutpaymentQuery,
  type TCreateReferralLinkQuery,
  type TOutpaymentListQuery,
  type TReferralLinkListQuery,
  type TReferralUserListQuery,
  usdCentsToCredits,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, forbidden, notFound } from '../../errors.ts';
import { applyLedgerEntry } from '../balance/ledger.ts';
import {
  dailyCounts,
  deleteOwnLinks,
  findMethod,
  findOwnLink,
  insertLedgerRow,
  insertLink,
  insertPayout,
  keyExists,
  ledgerTotals,
  listLevels,
  listLinks,
  listMethods,
  listPayouts,
  listReferredUsers,
  lockPartner,
  minPayoutSetting,
  payoutTotals,
  referralDomainSetting,
  referredRevenue,
} from './referral.queries.ts';

/** The partner programme's own calls (issue 29), every one scoped to the signed-in partner. */

export interface Partner {
  id: number;
  isPartner: boolean;
}

const DAY_MS = 86_400_000;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const CHART_DAYS = 30;

/** Referral calls are for partners (`POST user/partner` or an operator makes one): 403 otherwise. */
export function assertPartner(user: Partner) {
  if (!user.isPartner) throw forbidden();
}

/** Where links lead and are served: `Settings.referralDomain` when set, else the app's own URL. */
export function referralBase(ctx: AppContext, referralDomain: string | null): string {
  if (!referralDomain) return ctx.config.appUrl;
  const text = referralDomain.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/** The origin the partner's links are served on. */
export async function linkBase(ctx: AppContext) {
  return referralBase(ctx, await referralDomainSetting(ctx.db));
}

export function referralLinkUrl(base: string, key: string) {
  return `${base}/r/${encodeURIComponent(key)}`;
}

export function landingPath(referralUri: number): string {
  return REFERRAL_PAGES.find((p) => p.id === referralUri)?.path ?? '/';
}

export function landingPages(ctx: AppContext) {
  return REFERRAL_PAGES.map((p) => ({ id: p.id, link: `${ctx.config.appUrl}${p.path}` }));
}

// Links ----------------------------------------------------------------------------------------------

const KEY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function suggestedKey(): string {
  return [...randomBytes(8)].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
}

export async function createLink(
  ctx: AppContext,
  params: { user: Partner; input: TCreateReferralLinkQuery },
) {
  assertPartner(params.user);
  const { input } = params;
  if (!REFERRAL_PAGES.some((p) => p.id === input.referralUri))
    throw new FieldError({ referralUri: 'validation.invalid' });
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = input.key ?? suggestedKey();
    // The unique index decides between two at once; this check only spares a refused insert.
    const row = (await keyExists(ctx.db, key))
      ? undefined
      : await insertLink(ctx.db, { userId: params.user.id, key, referralUri: input.referralUri });
    if (row) return (await findOwnLink(ctx.db, { userId: params.user.id, id: row.id }))!;
    if (input.key) throw new FieldError({ key: 'referral.errors.keyTaken' });
  }
  throw new AppError('invalid', 'errors.somethingWentWrong');
}

export async function links(ctx: AppContext, params: { user: Partner; query: TReferralLinkListQuery }) {
  assertPartner(params.user);
  const since = new Date(Date.now() - (CHART_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const [found, daily] = await Promise.all([
    listLinks(ctx.db, { userId: params.user.id, page: params.query.page, search: params.query.search }),
    dailyCounts(ctx.db, { userId: params.user.id, since }),
  ]);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = new Date(Date.parse(`${since}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
    return {
      day,
      transitions: daily.visits.find((v) => v.day === day)?.n ?? 0,
      users: daily.signups.find((v) => v.day === day)?.n ?? 0,
    };
  });
  return { ...found, days };
}

export async function deleteLinks(ctx: AppContext, params: { user: Partner; ids: number[] }) {
  assertPartner(params.user);
  if (params.ids.length === 0) throw new FieldError({ ids: 'validation.required' });
  const deleted = await deleteOwnLinks(ctx.db, { userId: params.user.id, ids: params.ids });
  // Another partner's ids (or ones already gone) are not found: nothing of theirs is touched.
  if (deleted.length === 0) throw notFound();
  return deleted;
}

// Referred users ---------------------------------------------------------------------------------------

/** `jo***@example.com`: who, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}

export async function referredUsers(
  ctx: AppContext,
  params: { user: Partner; query: TReferralUserListQuery },
) {
  assertPartner(params.user);
  return listReferredUsers(ctx.db, { partnerId: params.user.id, page: params.query.page });
}

// Balance ----------------------------------------------------------------------------------------------

export async function minPayoutCents(ctx: AppContext): Promise<number> {
  return (await minPayoutSetting(ctx.db)) ?? ctx.config.referral.minPayoutCents;
}

export function levelFor(
  levels: { min: number; max: number | null; percent: number }[],
  revenueCents: number,
) {
  return levels.find((l) => revenueCents >= l.min && (l.max === null || revenueCents <= l.max)) ?? levels[0];
}

export async function balance(ctx: AppContext, user: Partner) {
  assertPartner(user);
  const now = new Date();
  const [totals, payouts, levels, revenue, minPayout] = await Promise.all([
    ledgerTotals(ctx.db, { partnerId: user.id, now }),
    payoutTotals(ctx.db, user.id),
    listLevels(ctx.db),
    referredRevenue(ctx.db, { partnerId: user.id }),
    minPayoutCents(ctx),
  ]);
  return {
    partnerId: user.id,
    pendingCents: totals.pending,
    // A refund after the hold may leave the sum below zero: it is then taken from the next earnings.
    availableCents: Math.max(0, totals.available),
    paidOutCents: payouts.paid,
    requestedCents: payouts.requested,
    percent: levelFor(levels, revenue)?.percent ?? 0,
    revenueCents: revenue,
    levels,
    minPayoutCents: minPayout,
  };
}

// Payouts ----------------------------------------------------------------------------------------------

export async function paymentMethods(ctx: AppContext) {
  const [methods, minPayout] = await Promise.all([
    listMethods(ctx.db, { enabledOnly: true }),
    minPayoutCents(ctx),
  ]);
  return { methods, minPayout };
}

export function feeOf(amountCents: number, percent: number) {
  return Math.round((amountCents * percent) / 100);
}

/**
 * A payout of at least the minimum and at most what is available. The partner's row is locked first,
 * so parallel requests are weighed one after the other against what the ones before left. Type 1 is
 * paid at once: the referral ledger's row and the credit ledger's row commit together.
 */
export async function requestPayout(
  ctx: AppContext,
  params: { user: Partner; input: TCreateOutpaymentQuery },
) {
  assertPartner(params.user);
  const { input, user } = params;
  const method = await findMethod(ctx.db, input.paymentMethod);
  if (!method) throw new FieldError({ paymentMethod: 'validation.invalid' });
  const payee = input.email?.trim() || null;
  if (method.type === ReferralMethodType.Cash && !payee)
    throw new FieldError({ email: 'validation.required' });
  const minPayout = await minPayoutCents(ctx);
  if (input.amountCents < minPayout)
    throw new FieldError({
      amount: { key: 'referral.errors.belowMinimum', params: { min: usd(minPayout) } },
    });
  const payout = await ctx.db.transaction(async (tx) => {
    if (!(await lockPartner(tx, user.id))) throw notFound();
    const now = new Date();
    const { available } = await ledgerTotals(tx, { partnerId: user.id, now });
    if (input.amountCents > available)
      throw new FieldError({
        amount: {
          key: 'referral.errors.aboveAvailable',
          params: { available: Math.max(0, available) / 100 },
        },
      });
    const instant = method.type === ReferralMethodType.Product;
    const feeCents = feeOf(input.amountCents, method.percent);
    const row = await insertPayout(tx, {
      partnerId: user.id,
      methodId: method.id,
      methodName: method.name,
      type: method.type,
      amountCents: input.amountCents,
      feeCents,
      email: instant ? null : payee,
      statusId: instant ? ReferralPayoutStatus.Paid : ReferralPayoutStatus.New,
      decidedAt: instant ? now : null,
    });
    await insertLedgerRow(tx, {
      partnerId: user.id,
      kind: 'payout',
      amountCents: -input.amountCents,
      payoutId: row.id,
      availableAt: now,
    });
    if (instant) {
      await applyLedgerEntry(tx, {
        userId: user.id,
        value: usdCentsToCredits(input.amountCents - feeCents),
        typeId: BalanceTransactionType.ReferralPayout,
        description: `referral-payout:${row.id}`,
      });
    }
    return row;
  });
  return payout;
}

export async function payouts(ctx: AppContext, params: { user: Partner; query: TOutpaymentListQuery }) {
  assertPartner(params.user);
  return listPayouts(ctx.db, {
    partnerId: params.user.id,
    page: params.query.page,
    status: params.query.status,
  });
}
