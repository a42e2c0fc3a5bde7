/**
 * Ad, analytics and tracking hosts a rendered check never loads: they cost time and bytes and never
 * carry the customer's link. A host is blocked when it is one of these or a subdomain of one.
 */
const BLOCKED_HOSTS = [
  'doubleclick.net',
  'googlesyndication.com',
  'googleadservices.com',
  'google-analytics.com',
  'googletagmanager.com',
  'googletagservices.com',
  'adservice.google.com',
  'analytics.google.com',
  'stats.g.doubleclick.net',
  'connect.facebook.net',
  'facebook.net',
  'mc.yandex.ru',
  'an.yandex.ru',
  'top-fwz1.mail.ru',
  'counter.yadro.ru',
  'hotjar.com',
  'clarity.ms',
  'scorecardresearch.com',
  'criteo.com',
  'criteo.net',
  'taboola.com',
  'outbrain.com',
  'amazon-adsystem.com',
  'adnxs.com',
  'rubiconproject.com',
  'pubmatic.com',
  'openx.net',
  'segment.io',
  'segment.com',
  'mixpanel.com',
  'quantserve.com',
  'chartbeat.com',
  'newrelic.com',
  'nr-data.net',
  'matomo.cloud',
  'adform.net',
  'moatads.com',
  'addthis.com',
  'sharethis.com',
];

const BLOCKED = new Set(BLOCKED_HOSTS);

export function isBlockedTrackerHost(hostname: string): boolean {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  while (host.includes('.')) {
    if (BLOCKED.has(host)) return true;
    host = host.slice(host.indexOf('.') + 1);
  }
  return false;
}

/** Resource types a rendered check does not load: links never live in them. */
export const BLOCKED_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'image',
  'font',
  'media',
  'texttrack',
  'manifest',
]);
