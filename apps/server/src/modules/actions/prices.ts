import { ActionCode, PricedExtra } from '@linkwatch/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findStoredPrice, findUserPrice, listStoredPrices, listUserPrices } from './actions.queries.ts';

/** Credits per link when no price row is stored; list moves are free, checks cost. */
export const DEFAULT_PRICES: Record<number, number> = {
  [ActionCode.CheckIndexing]: 2,
  [ActionCode.CheckBacklinks]: 1,
  [ActionCode.AddToIndex]: 5,
  [ActionCode.CheckTrust]: 2,
  [ActionCode.LoadLinks]: 0,
  [ActionCode.AddToHistory]: 0,
  [ActionCode.Remove]: 0,
  [ActionCode.RecoverFromHistory]: 0,
  [ActionCode.LoadToCrawlers]: 1,
  [ActionCode.AddToDisallow]: 0,
  [ActionCode.RecoverFromDisallow]: 0,
  [ActionCode.Move]: 0,
  [ActionCode.RemoveFromCrawlers]: 0,
};

/** Credits of the priced extras (not actions) when no price row is stored: see PricedExtra. */
export const DEFAULT_EXTRA_PRICES: Record<number, number> = {
  [PricedExtra.RenderedCheck]: 2,
};

const defaultPriceOf = (action: number): number | undefined =>
  DEFAULT_PRICES[action] ?? DEFAULT_EXTRA_PRICES[action];

export interface ActionPrice {
  action: number;
  price: number;
  customPrice: boolean;
}

/** The user's price for an action: a per-user override, else the stored price, else the default. */
export async function priceFor(
  db: Queryable,
  params: { userId: number; action: number },
): Promise<ActionPrice> {
  // Codes outside spec point 4 have no price (and would not fit the price tables' smallint).
  if (defaultPriceOf(params.action) === undefined) throw new AppError('invalid', 'tasks.errors.selectTask');
  const custom = await findUserPrice(db, params);
  if (custom) return { action: params.action, price: custom.price, customPrice: true };
  const stored = await findStoredPrice(db, { action: params.action });
  return {
    action: params.action,
    price: stored?.price ?? defaultPriceOf(params.action) ?? 0,
    customPrice: false,
  };
}

export async function allPricesFor(db: Queryable, userId: number): Promise<ActionPrice[]> {
  const [stored, custom] = await Promise.all([listStoredPrices(db), listUserPrices(db, { userId })]);
  return Object.keys(DEFAULT_PRICES).map((key) => {
    const action = Number(key);
    const own = custom.find((c) => c.actionId === action);
    if (own) return { action, price: own.price, customPrice: true };
    return {
      action,
      price: stored.find((s) => s.actionId === action)?.price ?? DEFAULT_PRICES[action],
      customPrice: false,
    };
  });
}
