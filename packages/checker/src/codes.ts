/**
 * Spec codes the checker reports. The numbers are fixed by the product spec
 * (section 4, "States and transitions"), so they are spelt out here rather than derived.
 */

/** Why no HTTP answer came (spec: "Response-code groups"). */
export const ResponseCodeGroup = {
  CouldNotResolveHost: 1,
  ConnectionError: 2,
  Undefined: 3,
  Timeout: 4,
} as const;
export type ResponseCodeGroupId = (typeof ResponseCodeGroup)[keyof typeof ResponseCodeGroup];

/** Whether a search engine may index the donor page (spec: "Link robots status"). */
export const IndexingCapability = {
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
export type IndexingCapabilityId = (typeof IndexingCapability)[keyof typeof IndexingCapability];

/** Which element carries the backlink (spec: "Link element kinds"). */
export const BacklinkType = {
  Image: 1,
  Href: 2,
  Canonical: 3,
  Hreflang: 4,
} as const;
export type BacklinkTypeId = (typeof BacklinkType)[keyof typeof BacklinkType];

/** rel tokens that take a link out of "dofollow", in the order they are reported. */
export const NOFOLLOW_REL_TOKENS = ['nofollow', 'ugc', 'sponsored'] as const;
export const DOFOLLOW = 'dofollow';
