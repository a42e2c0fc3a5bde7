import { isbot } from 'isbot';
import type { AppContext } from '../../context.ts';
import { countVisit, liveLink, sha256 } from './commissions.ts';
import { landingPath } from './referral.service.ts';

/**
 * A visit through a referral link (`GET /r/{key}`), counted on our server before any page is served.
 * Unique visitors: a first-party cookie (`lw_visitor`) and a UTC day's window, so reloads do not
 * count again. A browser without the cookie is known by its address and user agent that day (the
 * cookie it is given is made from them), so a bot that keeps no cookie counts once a day at most;
 * known bots by user agent (and requests with none) are not counted and get no cookie. The
 * attribution cookie (`lw_ref`, REFERRAL_COOKIE_DAYS) is set only when the browser has no live one:
 * the first link a visitor came through wins.
 */
export const VISITOR_COOKIE = 'lw_visitor';
export const REFERRAL_COOKIE = 'lw_ref';
const VISITOR_MAX_AGE = 365 * 86_400;
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const KEY_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=') || null;
  }
  return null;
}

/** The attribution cookie's link key, when the browser sends a well-formed one. */
export function referralKeyOf(cookieHeader: string): string | null {
  const key = readCookie(cookieHeader, REFERRAL_COOKIE);
  return key && KEY_PATTERN.test(key) ? key : null;
}

function cookie(ctx: AppContext, name: string, value: string, maxAge: number) {
  const secure = ctx.config.appUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export async function visitLink(
  ctx: AppContext,
  params: { key: string; cookieHeader: string; userAgent: string; ip: string; now?: Date },
): Promise<{ location: string; cookies: string[]; counted: boolean }> {
  const now = params.now ?? new Date();
  const link = KEY_PATTERN.test(params.key) ? await liveLink(ctx, params.key) : undefined;
  if (!link) return { location: `${ctx.config.appUrl}/`, cookies: [], counted: false };
  const location = `${ctx.config.appUrl}${landingPath(link.referralUri)}`;
  if (!params.userAgent.trim() || isbot(params.userAgent)) return { location, cookies: [], counted: false };

  const cookies: string[] = [];
  let visitor = readCookie(params.cookieHeader, VISITOR_COOKIE);
  if (!visitor || !VISITOR_PATTERN.test(visitor)) {
    const day = now.toISOString().slice(0, 10);
    visitor = Buffer.from(sha256(`${params.ip}|${params.userAgent}|${day}`), 'hex')
      .toString('base64url')
      .slice(0, 32);
    cookies.push(cookie(ctx, VISITOR_COOKIE, visitor, VISITOR_MAX_AGE));
  }
  const counted = await countVisit(ctx, { linkId: link.id, visitor, now });

  const current = referralKeyOf(params.cookieHeader);
  const keep = current !== null && (await liveLink(ctx, current)) !== undefined;
  if (!keep) cookies.push(cookie(ctx, REFERRAL_COOKIE, link.key, ctx.config.referral.cookieDays * 86_400));
  return { location, cookies, counted };
}
