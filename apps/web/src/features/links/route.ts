import { LinkListType, Tier } from '@linkwatch/shared';

export const LIST_TYPES = ['active', 'history', 'disallow'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** spec point 4: link list type codes. */
export const LIST_TYPE_CODE: Record<ListType, number> = {
  active: LinkListType.Active,
  history: LinkListType.History,
  disallow: LinkListType.Disallow,
};

const TYPE_BY_SEGMENT: Record<string, ListType> = {
  active: 'active',
  history: 'history',
  disallow: 'disallow',
  [String(LinkListType.History)]: 'history',
  [String(LinkListType.Active)]: 'active',
  [String(LinkListType.Disallow)]: 'disallow',
};

export type ListRoute = { type: ListType; tier: 1 | 2 | null; id: string };

const isTier = (s: string | undefined) => s === '1' || s === '2';
const isId = (s: string | undefined): s is string => !!s && /^[1-9]\d*$/.test(s);

/**
 * `/campaign/{type?}/{tier?}/{id}`: type is active|history|disallow or 1-3, tier 1|2. With one
 * optional segment a number is read as the tier (`/campaign/2/5`), a word as the type. Anything
 * else is not a valid page (the 404 of spec point 2).
 */
export function parseListRoute(params: { type?: string; tier?: string; id?: string }): ListRoute | null {
  const { type, tier, id } = params;
  if (!isId(id)) return null;
  if (type !== undefined && tier !== undefined) {
    const listType = TYPE_BY_SEGMENT[type];
    if (!listType || !isTier(tier)) return null;
    return { type: listType, tier: Number(tier) as 1 | 2, id };
  }
  const single = type ?? tier;
  if (single === undefined) return { type: 'active', tier: null, id };
  if (isTier(single)) return { type: 'active', tier: Number(single) as 1 | 2, id };
  const listType = TYPE_BY_SEGMENT[single];
  return listType ? { type: listType, tier: null, id } : null;
}

/** `/campaign/{tier?}/{id?}/index-history`. */
export function parseIndexHistoryRoute(params: {
  tier?: string;
  id?: string;
}): { tier: 1 | 2 | null; id: string | null } | null {
  const { tier, id } = params;
  if (tier !== undefined && id === undefined) {
    // One segment: a tier (1, 2) or an id.
    if (isTier(tier)) return { tier: Number(tier) as 1 | 2, id: null };
    return isId(tier) ? { tier: null, id: tier } : null;
  }
  if (tier !== undefined && !isTier(tier)) return null;
  if (id !== undefined && !isId(id)) return null;
  return { tier: tier ? (Number(tier) as 1 | 2) : null, id: id ?? null };
}

export function listPath(
  kind: 'campaign' | 'project',
  route: { type: ListType; tier: number | null; id: string | number },
) {
  return `/${kind}/${route.type}/${route.tier ?? Tier.One}/${route.id}`;
}
