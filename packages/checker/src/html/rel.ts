import { DOFOLLOW, NOFOLLOW_REL_TOKENS } from '../codes.ts';

/** rel="nofollow noopener" → ['nofollow', 'noopener']; commas are tolerated as separators. */
export function relTokens(rel: string | undefined): string[] {
  if (!rel) return [];
  return rel
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((token) => token !== '');
}

/** 'dofollow', or the nofollow-like tokens present in a fixed order ("sponsored nofollow" → "nofollow,sponsored"). */
export function relAttribute(tokens: string[]): string {
  const present = NOFOLLOW_REL_TOKENS.filter((token) => tokens.includes(token));
  return present.length === 0 ? DOFOLLOW : present.join(',');
}
