import {
  BalanceTransactionType,
  type TAdminAuditListQuery,
  type TAdminCreditsRequest,
  type TAdminPaymentLevelsRequest,
  type TAdminPriceRequest,
  type TAdminSettingsRequest,
  type TAdminUpdateUserRequest,
  type TAdminUserListQuery,
  type TAdminUserPriceRequest,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import { DEFAULT_PRICES } from '../actions/prices.ts';
import { revokeAllAccessTokens } from '../auth/auth.queries.ts';
import { sendConfirmationMail } from '../auth/auth.service.ts';
import { announceRevoked } from '../auth/sessions.ts';
import { applyLedgerEntry, InsufficientBalanceError } from '../balance/ledger.ts';
import { levelInDollars } from '../payments/levels.ts';
import { listLevels, replaceLevels } from '../payments/payments.queries.ts';
import {
  commonPrice,
  commonPrices,
  findUser,
  individualPrices,
  insertAudit,
  listAudit,
  lockUser,
  saveSettingsRow,
  searchUsers,
  setCommonPrice,
  settingsRow,
  setUserPrice,
  type UserRow,
  updateUser,
  userActivity,
  userPrice,
} from './admin.queries.ts';

/**
 * The operator console's changes (issue 28). Each one and its audit row are written in one
 * transaction: a change that is not in the audit did not happen.
 */

/** Who makes a change, and why (the reason typed in the console). */
export interface Operator {
  actorId: number;
  reason?: string | null;
}

export async function customerPage(ctx: AppContext, userId: number) {
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound();
  const [activity, prices] = await Promise.all([userActivity(ctx.db, userId), pricesOf(ctx, userId)]);
  return { user, activity, prices };
}

/** Every action's price for one user: their own where set, else the common one, else the default. */
async function pricesOf(ctx: AppContext, userId: number) {
  const [common, individual] = await Promise.all([commonPrices(ctx.db), individualPrices(ctx.db)]);
  return Object.keys(DEFAULT_PRICES).map((key) => {
    const action = Number(key);
    const own = individual.find((p) => p.userId === userId && p.action === action);
    if (own) return { action, price: own.price, customPrice: true };
    const price = common.find((p) => p.action === action)?.price ?? DEFAULT_PRICES[action];
    return { action, price, customPrice: false };
  });
}

const FLAGS = ['isBlocked', 'isPartner', 'isAdmin', 'roleId', 'consolePermissions'] as const;

/**
 * The flags; an operator cannot block themselves or change their own console. Making an operator and
 * granting console keys is for an operator with the whole console (else one key would grant them all).
 */
export async function updateCustomer(
  ctx: AppContext,
  params: Operator & { userId: number; input: TAdminUpdateUserRequest; wholeConsole: boolean },
) {
  const { actorId, userId, input } = params;
  const grants = input.isAdmin !== undefined || input.consolePermissions !== undefined;
  if (grants && !params.wholeConsole)
    throw new AppError('forbidden', 'errors.forbidden', {}, 'admin.errors.wholeConsoleOnly');
  if (
    actorId === userId &&
    (input.isAdmin === false || input.isBlocked === true || input.consolePermissions !== undefined)
  )
    throw new FieldError({ isAdmin: 'admin.errors.notYourself' }, 'admin.errors.notYourself');
  const updated = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound();
    const values = Object.fromEntries(FLAGS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
    const changed = await updateUser(tx, { id: userId, values });
    await insertAudit(tx, {
      actorId,
      targetUserId: userId,
      kind: 'user.update',
      before: Object.fromEntries(Object.keys(values).map((f) => [f, user[f as keyof UserRow]])),
      after: values,
      reason: params.reason ?? input.reason,
    });
    return changed;
  });
  await announceBalance(ctx, updated);
  return updated;
}

/** Credits added or taken through the ledger; the balance never falls below zero (422). */
export async function adjustCredits(
  ctx: AppContext,
  params: Operator & { userId: number; input: TAdminCreditsRequest },
) {
  const { actorId, userId, input } = params;
  const updated = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound();
    try {
      await applyLedgerEntry(tx, {
        userId,
        value: input.amount,
        typeId: input.amount > 0 ? BalanceTransactionType.TopUp : BalanceTransactionType.Adjustment,
        description: input.reason,
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError)
        throw new FieldError({
          amount: { key: 'admin.errors.belowZero', params: { balance: user.balance } },
        });
      throw error;
    }
    const after = (await findUser(tx, userId)) as UserRow;
    await insertAudit(tx, {
      actorId,
      targetUserId: userId,
      kind: 'user.credits',
      before: { balance: user.balance },
      after: { balance: after.balance, amount: input.amount },
      reason: input.reason,
    });
    return after;
  });
  await announceBalance(ctx, updated);
  return updated;
}

/** The customer's open pages show the new balance (and a block) at once: the payments' live event. */
function announceBalance(ctx: AppContext, user: UserRow) {
  return ctx.events.publish({
    userId: user.id,
    event: 'Balance',
    data: { balance: user.balance, isBlocked: user.isBlocked },
  });
}

/** Every session of the customer ends, their open pages' sockets too. */
export async function endSessions(ctx: AppContext, params: Operator & { userId: number }) {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, params.userId))) throw notFound();
    await revokeAllAccessTokens(tx, { userId: params.userId });
    await insertAudit(tx, {
      actorId: params.actorId,
      targetUserId: params.userId,
      kind: 'user.sessionsEnded',
      reason: params.reason,
    });
  });
  await announceRevoked(ctx, { userId: params.userId });
}

/** The confirmation mail again, for an address not yet confirmed. */
export async function resendConfirmation(ctx: AppContext, params: Operator & { userId: number }) {
  const user = await findUser(ctx.db, params.userId);
  if (!user) throw notFound();
  if (user.emailVerifiedAt) throw new AppError('invalid', 'admin.errors.alreadyConfirmed');
  await sendConfirmationMail(ctx, user);
  await insertAudit(ctx.db, {
    actorId: params.actorId,
    targetUserId: user.id,
    kind: 'user.confirmationSent',
    after: { email: user.email },
    reason: params.reason,
  });
}

// Prices ---------------------------------------------------------------------------------------------

function assertPricedAction(action: number) {
  // Codes outside spec point 4 have no price (and would not fit the price tables' smallint).
  if (DEFAULT_PRICES[action] === undefined) throw notFound();
}

/** The common price of each action, and who pays an individual one. */
export async function priceList(ctx: AppContext) {
  const [common, individual] = await Promise.all([commonPrices(ctx.db), individualPrices(ctx.db)]);
  return Object.keys(DEFAULT_PRICES).map((key) => {
    const action = Number(key);
    return {
      action,
      price: common.find((p) => p.action === action)?.price ?? DEFAULT_PRICES[action],
      defaultPrice: DEFAULT_PRICES[action],
      individual: individual
        .filter((p) => p.action === action)
        .map(({ userId, email, price }) => ({ userId, email, price })),
    };
  });
}

/**
 * A task keeps the price it started with (actions.price), so a new price reaches only the tasks
 * started after it.
 */
export async function changeCommonPrice(
  ctx: AppContext,
  params: Operator & { action: number; input: TAdminPriceRequest },
) {
  assertPricedAction(params.action);
  const own = await ctx.db.transaction(async (tx) => {
    const before = (await commonPrice(tx, params.action)) ?? DEFAULT_PRICES[params.action];
    await setCommonPrice(tx, { action: params.action, price: params.input.price });
    await insertAudit(tx, {
      actorId: params.actorId,
      kind: 'price.update',
      subject: String(params.action),
      before: { price: before },
      after: { price: params.input.price },
      reason: params.reason ?? params.input.reason,
    });
    return (await individualPrices(tx)).filter((p) => p.action === params.action).map((p) => p.userId);
  });
  // Everyone's open pages show the new price, but for the customers who pay their own for the action.
  await ctx.events.publish({
    userId: null,
    exceptUserIds: own,
    event: 'PricesChanged',
    data: { actions: [params.action] },
  });
}

export async function changeUserPrice(
  ctx: AppContext,
  params: Operator & { userId: number; action: number; input: TAdminUserPriceRequest },
) {
  assertPricedAction(params.action);
  const { userId, action } = params;
  await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw notFound();
    const before = (await userPrice(tx, { userId, action })) ?? null;
    await setUserPrice(tx, { userId, action, price: params.input.price });
    await insertAudit(tx, {
      actorId: params.actorId,
      targetUserId: userId,
      kind: 'user.price',
      subject: String(action),
      before: { price: before },
      after: { price: params.input.price },
      reason: params.reason ?? params.input.reason,
    });
  });
  await ctx.events.publish({ userId, event: 'PricesChanged', data: { actions: [action] } });
}

// Settings -------------------------------------------------------------------------------------------

const SETTING_FIELDS = [
  'warning',
  'referralDomain',
  'linkserviceUrl',
  'partnerLandingUrl',
  'backlinksUrl',
  'enablePayPal',
  'enableCrypto',
  'captchaEnabled',
] as const;

/** What a field is before the settings row exists: its column's default (the captcha is on), else null. */
const NO_ROW: Record<string, unknown> = { captchaEnabled: true };

/** The fields sent (a blank text clears its field); the audit keeps only what changed. */
export async function changeSettings(ctx: AppContext, params: Operator & { input: TAdminSettingsRequest }) {
  const { input } = params;
  const values: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) {
    const value = input[field];
    if (value !== undefined) values[field] = value === '' ? null : value;
  }
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await settingsRow(tx);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      const old = row ? row[field as (typeof SETTING_FIELDS)[number]] : (NO_ROW[field] ?? null);
      if (old === value) continue;
      before[field] = old;
      after[field] = value;
    }
    if (Object.keys(after).length === 0) return false;
    await saveSettingsRow(tx, after);
    await insertAudit(tx, {
      actorId: params.actorId,
      kind: 'settings.update',
      before,
      after,
      reason: params.reason ?? input.reason,
    });
    return true;
  });
  // Every open page reads the settings again: a new warning shows, a switched-off method goes.
  if (changed) await ctx.events.publish({ userId: null, event: 'SettingsChanged', data: {} });
}

// Bonus tiers ----------------------------------------------------------------------------------------

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The first broken tier of a set, by its index in the request: a max below its min, or a range that
 * overlaps another (bounds are included, so 100–200 and 200–300 overlap at 200).
 */
function levelsFieldError(levels: TAdminPaymentLevelsRequest['levels']): FieldError | null {
  const order = levels.map((_, i) => i).sort((a, b) => levels[a].min - levels[b].min);
  for (const [at, i] of order.entries()) {
    const level = levels[i];
    if (level.max !== null && level.max < level.min)
      return new FieldError({ [`levels.${i}.max`]: { key: 'admin.levels.errors.maxBelowMin' } });
    const next = order[at + 1];
    if (next !== undefined && (level.max === null || level.max >= levels[next].min))
      return new FieldError({
        [`levels.${next}.min`]: {
          key: 'admin.levels.errors.overlap',
          params: { min: `$${level.min}`, max: level.max === null ? '∞' : `$${level.max}` },
        },
      });
  }
  return null;
}

/** Every bonus tier at once (dollars in, cents stored), audited with the tiers before and after. */
export async function changePaymentLevels(
  ctx: AppContext,
  params: Operator & { input: TAdminPaymentLevelsRequest },
) {
  const { levels } = params.input;
  const problem = levelsFieldError(levels);
  if (problem) throw problem;
  const rows = levels
    .map((l) => ({ min: cents(l.min), max: l.max === null ? null : cents(l.max), percent: l.percent }))
    .sort((a, b) => a.min - b.min);
  await ctx.db.transaction(async (tx) => {
    const before = (await listLevels(tx)).map(levelInDollars);
    await replaceLevels(tx, rows);
    await insertAudit(tx, {
      actorId: params.actorId,
      kind: 'payment.levels',
      before: { levels: before },
      after: { levels: rows.map((row) => levelInDollars({ id: 0, ...row })) },
      reason: params.reason ?? params.input.reason,
    });
  });
}

// Lists ----------------------------------------------------------------------------------------------

export async function findCustomers(ctx: AppContext, query: TAdminUserListQuery) {
  return searchUsers(ctx.db, query);
}

export async function auditLog(ctx: AppContext, query: TAdminAuditListQuery) {
  return listAudit(ctx.db, query);
}
