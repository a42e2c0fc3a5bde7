import { z } from 'zod';
import { normalizeUrl } from '../url.ts';
import { rules } from '../validation.ts';

/**
 * `POST domain-check` (no login; issue 30, "The public domain check"): one page checked by the product's
 * own checker, as a visitor asks on the public /domain-check page. Limited per client address and per
 * day over all addresses (PUBLIC_CHECKS_PER_ADDRESS, PUBLIC_CHECKS_PER_DAY); behind the captcha when
 * one is configured.
 */

/** A domain the page should link to: a host name, with or without scheme and path (`https://shop.com/x` → `shop.com`). */
export function domainOf(input: string): string | null {
  const url = normalizeUrl(input);
  return url ? new URL(url).hostname.replace(/^www\./, '') : null;
}

export const ZDomainCheckRequest = z.object({
  /** The page to check: an http(s) URL (http:// is assumed when no scheme is typed). */
  url: rules
    .requiredString()
    .max(2048, { error: 'validation.max' })
    .refine((v) => normalizeUrl(v) !== null, { error: 'validation.url' })
    .transform((v) => normalizeUrl(v) as string),
  /** The domain the page should link to; empty or left out: only whether it answers and can be indexed. */
  domain: rules
    .optionalString()
    .refine((v) => !v || domainOf(v) !== null, { error: 'validation.domain' })
    .transform((v) => (v ? domainOf(v) : null)),
  /** A solved captcha: needed on every check when the server has one configured. */
  captcha: rules.text().nullish(),
});
export type TDomainCheckRequest = z.input<typeof ZDomainCheckRequest>;

export const ZDomainCheckLink = z.object({
  href: z.string(),
  anchor: z.string(),
  /** 'dofollow', or the nofollow/ugc/sponsored tokens present, joined by ','. */
  attribute: z.string(),
  rel: z.array(z.string()),
  /** 1 image, 2 href, 3 canonical, 4 hreflang (LinkElementKind). */
  typeId: z.number(),
});
export type TDomainCheckLink = z.infer<typeof ZDomainCheckLink>;

export const ZDomainCheckAttributes = z.object({
  url: z.string(),
  finalUrl: z.string(),
  /** The final URL when redirects led elsewhere, else null. */
  redirect: z.string().nullable(),
  redirects: z.array(z.object({ url: z.string(), status: z.number() })),
  /** The page's own first HTTP status; null when it gave no HTTP answer. */
  responseCode: z.number().nullable(),
  /** The status of the last request made (after redirects). */
  finalStatus: z.number().nullable(),
  /** The page answered 200 (after redirects). */
  answers: z.boolean(),
  /** Why no answer was read (checker's codes: dns_not_found, blocked_address, timeout…), else null. */
  error: z.string().nullable(),
  title: z.string().nullable(),
  /** Search engines may index it: robots.txt, meta robots, X-Robots-Tag and canonical all allow it. */
  indexable: z.boolean(),
  /** RobotsStatus: 1 Allow … 11 Canonical, the first reason found. */
  indexingCapabilityId: z.number(),
  robotsTxtAllowed: z.boolean(),
  metaRobots: z.string().nullable(),
  xRobotsTag: z.string().nullable(),
  canonical: z.string().nullable(),
  /** The canonical URL names another page than the one read. */
  canonicalElsewhere: z.boolean(),
  /** The domain asked for (normalised), or null when none was given. */
  domain: z.string().nullable(),
  /** With a domain: the page links to it (at least one link found); without one: null. */
  linked: z.boolean().nullable(),
  /** With a domain: at least one of its links is dofollow. */
  dofollow: z.boolean().nullable(),
  /** The page's links to the domain (none without a domain), at most DOMAIN_CHECK_MAX_LINKS. */
  links: z.array(ZDomainCheckLink),
  /** How many links there were in all (links may hold fewer). */
  linkCount: z.number(),
  fetchMs: z.number(),
  /** Checks this address has left today. */
  remaining: z.number(),
});
export type TDomainCheckAttributes = z.infer<typeof ZDomainCheckAttributes>;

export const ZDomainCheckResponse = z.object({
  data: z.object({ type: z.literal('domainChecks'), attributes: ZDomainCheckAttributes }),
});
export type TDomainCheckResponse = z.infer<typeof ZDomainCheckResponse>;

/** At most this many links are listed in an answer. */
export const DOMAIN_CHECK_MAX_LINKS = 100;
