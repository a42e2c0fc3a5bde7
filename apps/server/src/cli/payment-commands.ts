import { ActionCode, centsToUsd, usdToCents } from '@linkwatch/shared';
import type { Db } from '../db/client.ts';
import { DEFAULT_PRICES } from '../modules/actions/prices.ts';
import { findUserByEmail } from '../modules/auth/auth.queries.ts';
import { setBlocked } from '../modules/balance/blocking.ts';
import { levelsProblem, type PaymentLevel } from '../modules/payments/levels.ts';
import {
  deleteUserActionPrice,
  listLevels,
  replaceLevels,
  setActionPrice,
  setUserActionPrice,
} from '../modules/payments/payments.queries.ts';
import type { Command } from './command.ts';

type Values = Record<string, string | boolean | undefined>;
type NewLevel = Omit<PaymentLevel, 'id'>;

const text = (values: Values, name: string) =>
  typeof values[name] === 'string' ? (values[name] as string) : undefined;

function required(values: Values, name: string): string {
  const value = text(values, name);
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

async function userByEmail(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user with email ${email}`);
  return user;
}

function describeLevel(level: NewLevel): string {
  const max = level.max === null ? 'and more' : `to $${centsToUsd(level.max)}`;
  return `$${centsToUsd(level.min)} ${max}: ${level.percent}%`;
}

/**
 * `0-99.99:0,100-499.99:5,500+:10`: dollar ranges and their bonus percent; `+` leaves the top open.
 * Dollars as in the payment form (at most 2 decimals), kept as cents.
 */
export function parseLevels(spec: string): NewLevel[] {
  return spec.split(',').map((part) => {
    const match = /^\s*([\d.]+)\s*(?:-\s*([\d.]+)|(\+))\s*:\s*(\d{1,3})\s*$/.exec(part);
    const min = match && usdToCents(match[1]);
    const max = match?.[2] === undefined ? null : usdToCents(match[2]);
    if (!match || min === null || (match[2] !== undefined && max === null))
      throw new Error(`Cannot read the level "${part.trim()}": write it as 100-499.99:5 or 500+:10`);
    return { min, max, percent: Number(match[4]) };
  });
}

export async function setLevels(db: Db, spec: string): Promise<NewLevel[]> {
  const levels = parseLevels(spec);
  const problem = levelsProblem(levels);
  if (problem) throw new Error(`Levels not saved: ${problem}`);
  await db.transaction((tx) => replaceLevels(tx, levels));
  return levels;
}

const ACTION_CODES = new Set<number>(Object.values(ActionCode));

/** An action's price for everyone, or one user's individual price (`--email`); `--reset` removes the latter. */
export async function setPrice(
  db: Db,
  params: { action: number; price?: number; email?: string; reset?: boolean },
) {
  if (!ACTION_CODES.has(params.action) || DEFAULT_PRICES[params.action] === undefined)
    throw new Error(`--action must be an action code: ${[...ACTION_CODES].join(', ')}`);
  if (params.reset) {
    if (!params.email) throw new Error('--reset removes a user’s individual price: give --email');
    const user = await userByEmail(db, params.email);
    await deleteUserActionPrice(db, { userId: user.id, action: params.action });
    return `${params.email} pays the common price for action ${params.action} again`;
  }
  const price = params.price;
  if (price === undefined || !Number.isInteger(price) || price < 0)
    throw new Error('--price must be a whole number of credits, 0 or more (1 credit = $0.001)');
  if (params.email) {
    const user = await userByEmail(db, params.email);
    await setUserActionPrice(db, { userId: user.id, action: params.action, price });
    return `Action ${params.action} costs ${params.email} ${price} credits a link (individual price)`;
  }
  await setActionPrice(db, { action: params.action, price });
  return `Action ${params.action} costs ${price} credits a link`;
}

export const paymentCommands: Command[] = [
  {
    name: 'payments:levels',
    usage:
      'payments:levels [--set "0-99.99:0,100-499.99:5,500+:10"]              lists the bonus tiers, or replaces them',
    options: { set: { type: 'string' } },
    async run(db, v) {
      const spec = text(v, 'set');
      const levels = spec ? await setLevels(db, spec) : await listLevels(db);
      if (levels.length === 0) return 'No bonus levels: payments earn no bonus';
      return levels.map(describeLevel).join('\n');
    },
  },
  {
    name: 'prices:set',
    usage:
      'prices:set --action A (--price P [--email E] | --email E --reset)       sets an action’s price in credits, or a user’s own',
    options: {
      action: { type: 'string' },
      price: { type: 'string' },
      email: { type: 'string' },
      reset: { type: 'boolean' },
    },
    run: (db, v) =>
      setPrice(db, {
        action: Number(required(v, 'action')),
        price: text(v, 'price') === undefined ? undefined : Number(text(v, 'price')),
        email: text(v, 'email'),
        reset: v.reset === true,
      }),
  },
  {
    name: 'user:block',
    usage:
      'user:block --email E                                                blocks task starts until a $1 top-up',
    options: { email: { type: 'string' } },
    async run(db, v) {
      const user = await userByEmail(db, required(v, 'email'));
      await setBlocked(db, { userId: user.id, blocked: true });
      return `${user.email} is blocked: it can sign in and read, and starts no task until it pays at least $1`;
    },
  },
  {
    name: 'user:unblock',
    usage:
      'user:unblock --email E                                              lets a blocked user start tasks again',
    options: { email: { type: 'string' } },
    async run(db, v) {
      const user = await userByEmail(db, required(v, 'email'));
      await setBlocked(db, { userId: user.id, blocked: false });
      return `${user.email} is not blocked`;
    },
  },
];
