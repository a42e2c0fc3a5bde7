import { articleWithLink, type FixturePage, okPage, sendHtml } from './common.ts';

/** Every robots status: robots.txt, X-Robots-Tag, meta robots, canonical, refusing statuses. */
export const robotsPages: FixturePage[] = [
  okPage(
    '/robots/blocked',
    'robots.txt disallows every crawler',
    sendHtml(articleWithLink('/robots/blocked')),
    {
      indexingCapabilityId: 10,
    },
  ),
  okPage(
    '/robots/googlebot-only',
    'robots.txt disallows only Googlebot',
    sendHtml(articleWithLink('/robots/googlebot-only')),
    {
      indexingCapabilityId: 10,
    },
  ),
  okPage(
    '/robots/bingbot-only',
    'robots.txt disallows only Bingbot: may be forbidden',
    sendHtml(articleWithLink('/robots/bingbot-only')),
    {
      indexingCapabilityId: 3,
    },
  ),
  {
    ...okPage(
      '/robots-down/page',
      'robots.txt answers 503: may be forbidden',
      sendHtml(articleWithLink('/robots-down/page')),
      {
        indexingCapabilityId: 3,
      },
    ),
    server: 'robotsDown',
  },
  okPage(
    '/xrobots/none',
    'X-Robots-Tag: none',
    sendHtml(articleWithLink('/xrobots/none'), { 'x-robots-tag': 'none' }),
    {
      indexingCapabilityId: 9,
      xRobotsTag: 'none',
    },
  ),
  okPage(
    '/xrobots/noindex',
    'X-Robots-Tag: noindex',
    sendHtml(articleWithLink('/xrobots/noindex'), { 'x-robots-tag': 'noindex' }),
    {
      indexingCapabilityId: 7,
    },
  ),
  okPage(
    '/xrobots/nofollow',
    'X-Robots-Tag: nofollow',
    sendHtml(articleWithLink('/xrobots/nofollow'), { 'x-robots-tag': 'nofollow' }),
    {
      indexingCapabilityId: 8,
    },
  ),
  okPage(
    '/xrobots/googlebot',
    'X-Robots-Tag aimed at Googlebot, noindex and nofollow: same as none',
    sendHtml(articleWithLink('/xrobots/googlebot'), { 'x-robots-tag': 'googlebot: noindex, nofollow' }),
    { indexingCapabilityId: 9 },
  ),
  okPage(
    '/xrobots/other-crawler',
    'X-Robots-Tag aimed at another crawler only',
    sendHtml(articleWithLink('/xrobots/other-crawler'), { 'x-robots-tag': 'otherbot: noindex' }),
    { indexingCapabilityId: 1 },
  ),
  okPage(
    '/xrobots/beats-meta',
    'X-Robots-Tag nofollow and meta noindex: the header wins',
    sendHtml(articleWithLink('/xrobots/beats-meta', '<meta name="robots" content="noindex">'), {
      'x-robots-tag': 'nofollow',
    }),
    { indexingCapabilityId: 8, metaRobots: 'noindex' },
  ),
  okPage(
    '/meta/none',
    'meta robots none',
    sendHtml(articleWithLink('/meta/none', '<meta name="robots" content="none">')),
    {
      indexingCapabilityId: 6,
      metaRobots: 'none',
    },
  ),
  okPage(
    '/meta/noindex',
    'meta robots noindex',
    sendHtml(articleWithLink('/meta/noindex', '<meta name="robots" content="noindex, follow">')),
    {
      indexingCapabilityId: 4,
      metaRobots: 'noindex, follow',
    },
  ),
  okPage(
    '/meta/nofollow',
    'meta robots nofollow',
    sendHtml(articleWithLink('/meta/nofollow', '<META NAME="Robots" CONTENT="NOFOLLOW">')),
    {
      indexingCapabilityId: 5,
      metaRobots: 'NOFOLLOW',
    },
  ),
  okPage(
    '/meta/noindex-nofollow',
    'meta robots "noindex, nofollow" counts as none',
    sendHtml(articleWithLink('/meta/noindex-nofollow', '<meta name="robots" content="noindex,nofollow">')),
    { indexingCapabilityId: 6 },
  ),
  okPage(
    '/meta/googlebot',
    'meta googlebot noindex binds too',
    sendHtml(articleWithLink('/meta/googlebot', '<meta name="googlebot" content="noindex">')),
    { indexingCapabilityId: 4, metaRobots: null },
  ),
  okPage(
    '/canonical/elsewhere',
    'canonical points to another page of the donor',
    sendHtml(articleWithLink('/canonical/elsewhere', '<link rel="canonical" href="/canonical/original">')),
    { indexingCapabilityId: 11 },
  ),
  okPage(
    '/canonical/self',
    'canonical points to the page itself, spelt differently',
    sendHtml(articleWithLink('/canonical/self', '<link rel="canonical" href="/canonical/self#top">')),
    { indexingCapabilityId: 1 },
  ),
];

export const statusPages: FixturePage[] = [401, 403, 451, 404, 410, 500, 503].map((status) => ({
  path: `/status/${status}`,
  about: `answers ${status}`,
  respond: sendHtml(articleWithLink(`/status/${status}`), {}, status),
  // The body of an error page is not read: search engines do not index it.
  expect: { responseCode: status, indexingCapabilityId: status >= 500 ? 3 : 2, backlinks: [] },
}));
