import type { AcceptorSet } from '../src/index.ts';

/**
 * Deterministic donor pages for the benchmark: 30–60 KB each, 100–200 links, a few of them to
 * the acceptor domains (mixed rel, image links, entities in anchors), the rest elsewhere or
 * relative. The generator also returns the ground truth the checker's results are held against.
 */

export const BENCH_ACCEPTORS: AcceptorSet = {
  kind: 'domains',
  domains: ['acceptor.example', 'partner.example'],
};
export const HOST_COUNT = 50;
/** Distinct bodies; pages reuse them so a 100k-page run does not need gigabytes. */
const BODY_POOL = 400;

export interface BenchBody {
  html: Buffer;
  /** One line per backlink the checker must find: href|attribute|typeId|anchor. */
  backlinks: string[];
}

export type BenchPageKind = 'ok' | 'gzip' | 'redirect' | 'not-found' | 'error';

export interface BenchPage {
  index: number;
  kind: BenchPageKind;
  body: number;
}

/** The expected outcome of checking one page. */
export interface BenchTruth {
  responseCode: number;
  /** Backlink lines as in BenchBody, empty for error pages. */
  backlinks: string[];
}

export function backlinkLine(link: {
  href: string;
  attribute: string;
  typeId: number;
  anchor: string;
}): string {
  return `${link.href}|${link.attribute}|${link.typeId}|${link.anchor}`;
}

/** mulberry32: tiny, fast, good enough to make pages look different. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'garden tool spade rake hoe trowel soil compost seed bloom water hose shed fence lawn mower hedge ' +
  'pruning shear glove bucket wheelbarrow harvest season spring summer autumn winter root leaf branch ' +
  'review guide price offer quality steel handle weight grip durable light heavy budget premium'
).split(' ');
const OTHER_HOSTS = [
  'news.example',
  'shop.example',
  'wiki.example',
  'video.example',
  'forum.example',
  'cdn.example',
];
const REL_CHOICES: Array<[rel: string | null, attribute: string]> = [
  [null, 'dofollow'],
  [null, 'dofollow'],
  ['nofollow', 'nofollow'],
  ['ugc', 'ugc'],
  ['sponsored', 'sponsored'],
  ['nofollow ugc', 'nofollow,ugc'],
  ['sponsored nofollow', 'nofollow,sponsored'],
];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)];
}

function words(next: () => number, count: number): string {
  const out: string[] = [];
  for (let index = 0; index < count; index++) out.push(pick(next, WORDS));
  return out.join(' ');
}

export function generateBody(bodyIndex: number): BenchBody {
  const next = random(bodyIndex + 1);
  const targetBytes = 30_000 + Math.floor(next() * 30_000);
  const linkCount = 100 + Math.floor(next() * 101);
  const acceptorLinks = Math.floor(next() * 5);
  const acceptorSlots = new Set<number>();
  while (acceptorSlots.size < acceptorLinks) acceptorSlots.add(Math.floor(next() * linkCount));
  const segmentBytes = Math.floor(targetBytes / linkCount);
  const backlinks: string[] = [];
  const parts: string[] = [
    `<!doctype html><html><head><meta charset="utf-8"><title>Garden page ${bodyIndex}</title>`,
    '<style>body{font-family:sans-serif}.nav a{color:#333}</style></head><body><div class="nav">',
  ];
  for (let slot = 0; slot < linkCount; slot++) {
    let segment = `<p>${words(next, 6)} `;
    if (acceptorSlots.has(slot)) {
      const { html, line } = acceptorLink(next, bodyIndex, slot);
      segment += html;
      backlinks.push(line);
    } else {
      segment += otherLink(next, slot);
    }
    while (segment.length < segmentBytes - 8) segment += ` ${pick(next, WORDS)}`;
    parts.push(`${segment}.</p>\n`);
    if (slot % 40 === 39) parts.push(`<script>window.track&&track(${slot},"<a href='x'>")</script>`);
  }
  parts.push('</div></body></html>');
  return { html: Buffer.from(parts.join('')), backlinks };
}

function acceptorLink(next: () => number, bodyIndex: number, slot: number): { html: string; line: string } {
  const host = next() < 0.5 ? 'acceptor.example' : 'www.partner.example';
  const href = `https://${host}/p/${bodyIndex}/${slot}`;
  const [rel, attribute] = pick(next, REL_CHOICES);
  const relAttr = rel === null ? '' : ` rel="${rel}"`;
  if (next() < 0.2) {
    const alt = `Logo ${slot}`;
    return {
      html: `<a href="${href}"${relAttr}><img src="/logo.png" alt="${alt}"></a>`,
      line: backlinkLine({ href, attribute, typeId: 1, anchor: alt }),
    };
  }
  const anchor = `Tools &amp; tips ${slot}`;
  return {
    html: `<a href="${href}"${relAttr}>${anchor}</a>`,
    line: backlinkLine({ href, attribute, typeId: 2, anchor: `Tools & tips ${slot}` }),
  };
}

function otherLink(next: () => number, slot: number): string {
  const roll = next();
  if (roll < 0.3) return `<a href="/local/${slot}">${words(next, 2)}</a>`;
  if (roll < 0.4) return `<a href="../section/${slot}?ref=nav&amp;x=1">${words(next, 2)}</a>`;
  const rel = roll < 0.6 ? ' rel="nofollow"' : '';
  return `<a href="https://${pick(next, OTHER_HOSTS)}/${words(next, 1)}/${slot}"${rel}>${words(next, 3)}</a>`;
}

/** Mostly plain 200 pages, with some compressed, redirected and failing ones. */
export function planPages(count: number): BenchPage[] {
  const next = random(0xbe7c4);
  return Array.from({ length: count }, (_, index) => {
    const roll = next();
    const kind: BenchPageKind =
      roll < 0.84
        ? 'ok'
        : roll < 0.87
          ? 'gzip'
          : roll < 0.93
            ? 'redirect'
            : roll < 0.97
              ? 'not-found'
              : 'error';
    return { index, kind, body: index % Math.min(count, BODY_POOL) };
  });
}

export function bodyPoolSize(pageCount: number): number {
  return Math.min(pageCount, BODY_POOL);
}

export function pagePath(page: BenchPage): string {
  return `/p/${page.index}`;
}

export function hostIndexOf(page: BenchPage): number {
  return page.index % HOST_COUNT;
}

export function truthOf(page: BenchPage, bodies: ReadonlyArray<{ backlinks: string[] }>): BenchTruth {
  switch (page.kind) {
    case 'not-found':
      return { responseCode: 404, backlinks: [] };
    case 'error':
      return { responseCode: 500, backlinks: [] };
    case 'redirect':
      return { responseCode: 301, backlinks: bodies[page.body].backlinks };
    default:
      return { responseCode: 200, backlinks: bodies[page.body].backlinks };
  }
}
