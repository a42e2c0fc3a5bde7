import type { AhrefsBacklink } from './ahrefs.ts';

/** Pages of the sample web that no campaign tracks: what a pull lets a newcomer discover. */
const UNTRACKED = ['/directory/shops', '/forum/thread-7', '/news/roundup'];

/**
 * What the offline demo's Ahrefs stand-in knows of the demo shop: the sample web's pages (the demo
 * campaign's links) and a few the campaign does not track yet, each linking to the shop.
 */
export function demoBacklinks(params: { origin: string; domain: string; paths: string[] }): AhrefsBacklink[] {
  return [...params.paths, ...UNTRACKED].map((path, i) => ({
    url_from: `${params.origin}${path}`,
    url_to: `https://${params.domain}/`,
    anchor: i % 2 ? 'Demo Shop' : 'online shop',
    is_nofollow: i % 4 === 1,
    first_seen_link: '2026-01-15T09:00:00Z',
    last_visited: new Date(Date.UTC(2026, 10, 1 + (i % 20))).toISOString(),
  }));
}
