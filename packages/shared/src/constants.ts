// Codes and limits from the product spec (points 4 and 9). Every number the product uses is named here once.

export const LOCALES = ['en', 'ru', 'ua'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE_DAYS = 365;
/** The spec's `ua` is not a BCP 47 tag; Intl and date libraries need `uk`. */
export const BCP47: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', ua: 'uk-UA' };

/** The language alone, as `lang` and hreflang name it (`ua` is Ukrainian: `uk`). */
export function languageTag(locale: Locale): string {
  return BCP47[locale].split('-')[0];
}

/** Open Graph's `og:locale` (`uk_UA`). */
export function ogLocale(locale: Locale): string {
  return BCP47[locale].replace('-', '_');
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export const PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const OPTIONS_PAGE_SIZE = 100;
export const PERMISSIONS_PAGE_SIZE = 1000;
export const FIRST_PAGE = 1;
export const EXPORT_MAIL_THRESHOLD = 3000;
export const DROPDOWN_MIN_QUERY = 3;
export const PASSWORD_MIN_LENGTH = 8;

/** Participant role id of an ordinary user; other roles are sent to the payrolls page. */
export const PARTICIPANT_ROLE_USER = 1;

export const TaskStatus = { Waiting: 0, Done: 1, Process: 2, Fail: 3 } as const;
export const LinkListType = { History: 1, Active: 2, Disallow: 3 } as const;
export const IndexState = { Unverified: 0, Indexed: 1, NotIndexed: 2 } as const;
export const Tier = { One: 1, Two: 2 } as const;
export const TIERS = [1, 2] as const;

export const RobotsStatus = {
  Allow: 1,
  Forbidden: 2,
  MayBeForbidden: 3,
  MetaNoindex: 4,
  MetaNofollow: 5,
  MetaNone: 6,
  XRobotsNoindex: 7,
  XRobotsNofollow: 8,
  XRobotsNone: 9,
  RobotsTxt: 10,
  Canonical: 11,
} as const;
export type RobotsStatusId = (typeof RobotsStatus)[keyof typeof RobotsStatus];

export const ActionCode = {
  CheckIndexing: 1,
  CheckBacklinks: 2,
  AddToIndex: 3,
  CheckTrust: 4,
  LoadLinks: 5,
  AddToHistory: 6,
  Remove: 7,
  RecoverFromHistory: 9,
  LoadToCrawlers: 10,
  AddToDisallow: 13,
  RecoverFromDisallow: 14,
  Move: 16,
  RemoveFromCrawlers: 17,
} as const;

/**
 * What an action's price is counted in (`actions/prices` is credits per this): each link it works on,
 * except loading crawler data (action 10), charged once per pull whatever the number of backlinks it
 * brings: the backlink service's own units are paid on the user's key (server: load-to-crawlers/handler.ts).
 */
export type PriceUnit = 'link' | 'pull';
export const priceUnit = (action: number): PriceUnit =>
  action === ActionCode.LoadToCrawlers ? 'pull' : 'link';

export const ResponseCodeGroup = {
  CouldNotResolveHost: 1,
  ConnectionError: 2,
  Undefined: 3,
  Timeout: 4,
} as const;
export type ResponseCodeGroupId = (typeof ResponseCodeGroup)[keyof typeof ResponseCodeGroup];
/**
 * What the last backlink check of a link read, stored on the link (`links.check_status`) and in its
 * check history: 1 the page answered 200 and carried the backlink, 2 it answered 200 without it (a link
 * that had it counts as missing only after two such checks in a row), 3 the page was not read (no
 * answer, a non-200 answer, or robots.txt shuts our crawler out). Never checked: null.
 */
export const LinkCheckStatus = { Found: 1, Missing: 2, Unread: 3 } as const;
export type LinkCheckStatusId = (typeof LinkCheckStatus)[keyof typeof LinkCheckStatus];
/** `filter[linkStatus]` and the `linkStatus` of a link: the stored status by name, or never checked. */
export const LINK_STATUSES = ['found', 'missing', 'unread', 'unchecked'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
/**
 * Why a tier 1 page is no longer worth strengthening (issue 31), the first that holds in this order: it
 * answers an error (no answer, 4xx/5xx), its backlink to the customer's site is gone (confirmed
 * missing), robots shut search engines out, it is noindex, a check found it not indexed. Its tier 2
 * links carry the reason as `feedsDeadTierOne`.
 */
export const DEAD_FEED_REASONS = ['error', 'missing', 'blocked', 'noindex', 'not_indexed'] as const;
export type DeadFeedReason = (typeof DEAD_FEED_REASONS)[number];
export const LinkElementKind = { Image: 1, Href: 2, Canonical: 3, Hreflang: 4 } as const;
export type LinkElementKindId = (typeof LinkElementKind)[keyof typeof LinkElementKind];
export const REL_ATTRIBUTES = ['dofollow', 'nofollow', 'ugc', 'sponsored'] as const;
export const DomainLinkStatus = { New: 1, Active: 2, Rip: 3 } as const;
/** spec 4: a Payment moves New → Paid or New → Cancelled, never back. */
export const PaymentStatus = { New: 0, Paid: 1, Cancelled: 2 } as const;
export type PaymentStatusId = (typeof PaymentStatus)[keyof typeof PaymentStatus];
/** `POST payments/{method}`: each is on only when its provider is configured (issue 12). */
export const PAYMENT_METHODS = ['card', 'paypal', 'crypto'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'paypal', 'nowpayments'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];
export const ScheduleAction = { AutoCheckIndexing: 1, AutoCheckBacklinks: 2 } as const;
/** ISO weekdays, 1 Monday to 7 Sunday: the campaign settings' checkboxes. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** spec 4: export formats; `format=` takes the code or the name (EXPORT_FORMAT_ALIASES). */
export const ExportFormat = { Csv: 1, Xls: 2 } as const;

/**
 * spec 4: a link's quality, as its response code reads it (responseCodeQuality): 1 good (2xx), 3 medium
 * (3xx: it answers, elsewhere), 2 bad (4xx, 5xx, or no answer at all).
 */
export const Quality = { Good: 1, Bad: 2, Medium: 3 } as const;
export type QualityId = (typeof Quality)[keyof typeof Quality];
/** spec 4 "Filter": whether a filter keeps (1) or leaves out (2) what it names. */
export const FilterMode = { Include: 1, Exclude: 2 } as const;
export type FilterModeId = (typeof FilterMode)[keyof typeof FilterMode];
/** spec 4 "Filter/check kinds": what a link filter (or a check) looks at. */
export const FilterKind = { IndexCapability: 1, Indexing: 2, ResponseCode: 3, Anchor: 4, Title: 5 } as const;
export type FilterKindId = (typeof FilterKind)[keyof typeof FilterKind];
/** spec 4: the parts of a link a search looks in: the donor page, the anchor text, the acceptor URL. */
export const LinkRole = { Donor: 1, Anchor: 3, Acceptor: 4 } as const;
export type LinkRoleId = (typeof LinkRole)[keyof typeof LinkRole];
/** spec 4: the wiki's sections. */
export const ContentSection = { Blog: 1, Faq: 2, News: 3, Cases: 4, Solution: 5, Tutorials: 6 } as const;

/** A response code's quality (spec 4 Quality); no code (no answer) is bad. */
export function responseCodeQuality(code: number | null | undefined): QualityId {
  if (code == null) return Quality.Bad;
  if (code >= 200 && code < 300) return Quality.Good;
  if (code >= 300 && code < 400) return Quality.Medium;
  return Quality.Bad;
}

/**
 * Balance ledger entry kinds (the history's typeId): 1 a paid top-up, 2 a task's charge, 3 a refund of
 * a task's unused share, 4 an operator's adjustment, 5 a bonus (a payment level's percent, welcome credits).
 */
/** 6: a partner's payout taken as credits (issue 29). */
/**
 * When a backlink check loads a donor page again in headless Chromium (a project setting): when the
 * HTML lacks the link or is a client-rendering shell (the default), always, or never.
 */
export const RENDER_MODES = ['missing', 'always', 'never'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];
export const DEFAULT_RENDER_MODE: RenderMode = 'missing';
/**
 * Prices kept next to the actions' (`action_prices`, per-user overrides) under codes no action uses:
 * the surcharge per backlink check that rendered its page, charged only when a render ran.
 */
export const PricedExtra = { RenderedCheck: 101 } as const;

export const BalanceTransactionType = {
  TopUp: 1,
  Charge: 2,
  Refund: 3,
  Adjustment: 4,
  Bonus: 5,
  ReferralPayout: 6,
} as const;

export const LAYOUT = {
  mobileBreakpoint: 920,
  sidebarWidth: 240,
  sidebarCollapsedWidth: 88,
  paymentModalMaxWidth: 500,
} as const;
export const SCROLL_TO_TOP_MS = 500;
/** spec 9: 'Toast duration 30', its unit not shown; read as seconds, for every kind of notice. */
export const TOAST_DURATION_MS = 30_000;
/**
 * The socket's own first frame, `{ userId }`, once it listens on the channel: not an event of the
 * channel, so outside the realtime union (schemas/realtime.ts); a client reads again what it may have
 * missed before it.
 */
export const REALTIME_SUBSCRIBED = 'Subscribed';
