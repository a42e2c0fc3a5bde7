import {
  ReferralPayoutStatus,
  type TAdminOutpaymentListQuery,
  type TAdminPartnerListQuery,
  type TAdminReferralLevelsRequest,
  type TAdminReferralMethodsRequest,
  type TAdminReferralMinimumRequest,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import {
  decidePayout,
  insertAudit,
  insertLedgerRow,
  listLevels,
  listMethods,
  listPartners,
  listPayouts,
  lockPartner,
  lockPayout,
  minPayoutSetting,
  replaceLevels,
  saveMethod,
  saveMinPayout,
} from './referral.queries.ts';
import { minPayoutCents } from './referral.service.ts';

/**
 * The operator console's partner section (issues 28 and 29). Each change and its audit row (the
 * console's admin_audit) commit together: a change that is not in the audit did not happen.
 */

export interface ConsoleOperator {
  actorId: number;
}

const SETTINGS_ID = 1;
const cents = (dollars: number) => Math.round(dollars * 100);

export function partners(ctx: AppContext, query: TAdminPartnerListQuery) {
  return listPartners(ctx.db, { page: query.page, search: query.search, now: new Date() });
}

export function payoutRequests(ctx: AppContext, query: TAdminOutpaymentListQuery) {
  return listPayouts(ctx.db, { page: query.page, status: query.status });
}

/** New → Paid (a type 2 payout, with the transfer's reference) or New → Cancelled (the amount returns). */
export async function decideOutpayment(
  ctx: AppContext,
  params: ConsoleOperator & {
    id: number;
    decision: 'paid' | 'cancelled';
    reference?: string;
    reason?: string | null;
  },
) {
  return ctx.db.transaction(async (tx) => {
    const found = await lockPayout(tx, params.id);
    if (!found) throw notFound();
    await lockPartner(tx, found.partnerId);
    if (found.statusId !== ReferralPayoutStatus.New) throw new AppError('invalid', 'errors.invalidData');
    const paid = params.decision === 'paid';
    const decided = await decidePayout(tx, {
      id: found.id,
      statusId: paid ? ReferralPayoutStatus.Paid : ReferralPayoutStatus.Cancelled,
      reference: paid ? (params.reference ?? null) : null,
      decidedBy: params.actorId,
    });
    if (!decided) throw new AppError('invalid', 'errors.invalidData');
    if (!paid) {
      await insertLedgerRow(tx, {
        partnerId: found.partnerId,
        kind: 'payoutReturned',
        amountCents: found.amountCents,
        payoutId: found.id,
        availableAt: new Date(),
      });
    }
    await insertAudit(tx, {
      actorId: params.actorId,
      targetUserId: found.partnerId,
      kind: paid ? 'referral.payoutPaid' : 'referral.payoutCancelled',
      subject: String(found.id),
      before: { statusId: found.statusId },
      after: { statusId: decided.statusId, reference: decided.reference, amount: found.amountCents / 100 },
      reason: params.reason ?? null,
    });
    return decided;
  });
}

export async function referralSetup(ctx: AppContext) {
  const [levels, methods, minPayout] = await Promise.all([
    listLevels(ctx.db),
    listMethods(ctx.db, { enabledOnly: false }),
    minPayoutCents(ctx),
  ]);
  return { levels, methods, minPayout };
}

/** The levels replaced as a whole: sorted, from $0, each range ending below the next, the last open. */
export async function changeLevels(
  ctx: AppContext,
  params: ConsoleOperator & { input: TAdminReferralLevelsRequest },
) {
  const levels = [...params.input.levels]
    .map((l) => ({
      min: cents(l.min),
      max: l.max === null ? null : cents(l.max),
      percent: Math.round(l.percent),
    }))
    .sort((a, b) => a.min - b.min);
  const broken = levels.findIndex(
    (l, i) =>
      (i === 0 && l.min !== 0) ||
      (l.max !== null && l.max < l.min) ||
      (i > 0 && levels[i - 1]?.max !== l.min - 1) ||
      (i === levels.length - 1 && l.max !== null),
  );
  if (broken >= 0) throw new FieldError({ levels: 'validation.invalid' });
  await ctx.db.transaction(async (tx) => {
    const before = await listLevels(tx);
    await replaceLevels(tx, levels);
    await insertAudit(tx, {
      actorId: params.actorId,
      kind: 'referral.levels',
      before: { levels: before.map(({ min, max, percent }) => ({ min, max, percent })) },
      after: { levels },
      reason: params.input.reason ?? null,
    });
  });
}

export async function changeMethods(
  ctx: AppContext,
  params: ConsoleOperator & { input: TAdminReferralMethodsRequest },
) {
  await ctx.db.transaction(async (tx) => {
    const before = await listMethods(tx, { enabledOnly: false });
    for (const method of params.input.methods) {
      if (!(await saveMethod(tx, { ...method, percent: Math.round(method.percent) })))
        throw new FieldError({ methods: 'validation.invalid' });
    }
    await insertAudit(tx, {
      actorId: params.actorId,
      kind: 'referral.methods',
      before: { methods: before },
      after: { methods: params.input.methods },
      reason: params.input.reason ?? null,
    });
  });
}

export async function changeMinimum(
  ctx: AppContext,
  params: ConsoleOperator & { input: TAdminReferralMinimumRequest },
) {
  await ctx.db.transaction(async (tx) => {
    const before = (await minPayoutSetting(tx)) ?? ctx.config.referral.minPayoutCents;
    const after = cents(params.input.minPayout);
    await saveMinPayout(tx, { settingsId: SETTINGS_ID, cents: after });
    await insertAudit(tx, {
      actorId: params.actorId,
      kind: 'referral.minimum',
      before: { minPayout: before / 100 },
      after: { minPayout: after / 100 },
      reason: params.input.reason ?? null,
    });
  });
}
