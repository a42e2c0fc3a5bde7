import { createHash } from 'node:crypto';
import { type Checker, type CheckResult, DOFOLLOW } from '@linkwatch/checker';
import {
  DOMAIN_CHECK_MAX_LINKS,
  RobotsStatus,
  type TDomainCheckAttributes,
  type ZDomainCheckRequest,
} from '@linkwatch/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { FieldError, TooManyAttemptsError } from '../../errors.ts';
import { captchaOn } from '../settings/settings.service.ts';
import { countPublicCheck, deleteExpiredPublicCheckCounts } from './domain-check.queries.ts';

/** The limits' window: a day from an address's (or, for the total, anyone's) first check. */
export const PUBLIC_CHECK_WINDOW_SECONDS = 24 * 60 * 60;

type Input = z.output<typeof ZDomainCheckRequest>;

/**
 * The public domain check (issue 30): the product's own checker, with its SSRF guard, reads one page a
 * visitor names and says whether it answers, whether it can be indexed and whether it links to the
 * domain given. A solved captcha first (when one is configured), then the limits, then the fetch.
 */
export async function checkDomain(
  ctx: AppContext,
  params: { input: Input; ip: string; checker: () => Checker },
): Promise<TDomainCheckAttributes> {
  const { input, ip } = params;
  if ((await captchaOn(ctx)) && !(await ctx.captcha.verify(input.captcha, ip))) {
    throw new FieldError({ captcha: 'errors.captchaWrong' });
  }
  const remaining = await admitCheck(ctx, ip);
  const result = await params.checker().check({
    url: input.url,
    acceptors: { kind: 'domains', domains: input.domain ? [input.domain] : [] },
  });
  return presentCheck(result, { domain: input.domain, remaining });
}

/**
 * Counts the check per client address (its hash: the address itself is not kept) and over all
 * addresses, each in one statement before anything is fetched. Past either limit: 429 with
 * Retry-After, nothing fetched. Answers the checks the address has left.
 */
async function admitCheck(ctx: AppContext, ip: string): Promise<number> {
  const { perAddress, perDay } = ctx.config.publicCheck;
  const windowSeconds = PUBLIC_CHECK_WINDOW_SECONDS;
  const address = await countPublicCheck(ctx.db, { key: `address:${hashAddress(ip)}`, windowSeconds });
  if (address.checks > perAddress) {
    throw new TooManyAttemptsError(address.retryAfterSeconds, { message: 'domainCheck.errors.limit' });
  }
  const all = await countPublicCheck(ctx.db, { key: 'all', windowSeconds });
  if (all.checks > perDay) {
    throw new TooManyAttemptsError(all.retryAfterSeconds, { message: 'domainCheck.errors.dailyLimit' });
  }
  // The total's window starting afresh is once a day: the time to forget the addresses of past days.
  if (all.checks === 1) await deleteExpiredPublicCheckCounts(ctx.db, { windowSeconds });
  return perAddress - address.checks;
}

function hashAddress(ip: string): string {
  return createHash('sha256').update(`public-check:${ip}`).digest('hex');
}

/** The checker's result in the page's words: answered, indexable and why not, the links to the domain. */
export function presentCheck(
  result: CheckResult,
  params: { domain: string | null; remaining: number },
): TDomainCheckAttributes {
  const finalStatus = result.redirectChain.at(-1)?.status ?? result.responseCode;
  const answers = result.error === null && finalStatus === 200;
  const canonical = result.canonical;
  const canonicalElsewhere = canonical !== null && !samePage(canonical, result.finalUrl);
  const links = params.domain ? result.backlinks : [];
  return {
    url: result.url,
    finalUrl: result.finalUrl,
    redirect: result.redirect,
    redirects: result.redirectChain,
    responseCode: result.responseCode,
    finalStatus,
    answers,
    error: result.error?.code ?? null,
    title: result.title,
    indexable: answers && result.indexingCapabilityId === RobotsStatus.Allow,
    indexingCapabilityId: result.indexingCapabilityId,
    robotsTxtAllowed: result.robotsAllowed,
    metaRobots: result.metaRobots,
    xRobotsTag: result.xRobotsTag,
    canonical,
    canonicalElsewhere,
    domain: params.domain,
    linked: params.domain && answers ? links.length > 0 : null,
    dofollow: params.domain && answers ? links.some((l) => l.attribute === DOFOLLOW) : null,
    links: links.slice(0, DOMAIN_CHECK_MAX_LINKS).map((l) => ({
      href: l.href,
      anchor: l.anchor,
      attribute: l.attribute,
      rel: l.rel,
      typeId: l.typeId,
    })),
    linkCount: links.length,
    fetchMs: Math.round(result.fetchMs),
    remaining: Math.max(params.remaining, 0),
  };
}

/** Two URLs name the same page when they differ at most in a trailing slash or the fragment. */
function samePage(a: string, b: string): boolean {
  const key = (url: string) => {
    try {
      const u = new URL(url);
      u.hash = '';
      return u.toString().replace(/\/$/, '');
    } catch {
      return url;
    }
  };
  return key(a) === key(b);
}
