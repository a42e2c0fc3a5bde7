import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  languageTag,
  ogLocale,
  videoClock,
  WIKI_CARDS_PAGE_SIZE,
  WIKI_FAQ_PAGE_SIZE,
  WIKI_SECTIONS,
  wikiSection,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendApiNotFound } from '../../http/error-handler.ts';
import { API_PREFIX } from '../../http/prefix.ts';
import { sessionUser } from '../auth/sessions.ts';
import {
  articlePath,
  imageUrl,
  sectionPath,
  type Translation,
  videoEmbedUrl,
  videoFileOf,
} from './wiki.presenter.ts';
import type { ArticleRow, VideoRow } from './wiki.queries.ts';
import { embeddedVideos, moreSource, plainText, renderMarkdown } from './wiki.render.ts';
import { publicArticle, publicArticles, videosOf } from './wiki.service.ts';

/**
 * The wiki as search engines and visitors without the app read it (issue 30): complete HTML written
 * by the server (title, description, body, image, dates in the first response; no script needed),
 * with canonical, hreflang alternates and x-default, Open Graph and Twitter tags and JSON-LD; the
 * sitemaps, an Atom feed per language and section, and robots.txt. A reader signed in (the web app's
 * session cookie names a live session) gets the app itself on the same address, loaded directly or
 * reloaded, as `?app` does for anyone; search engines and guests get the written page.
 */

/** A date as the reader's language writes it in full (28 November 2026, 28 ноября 2026 г.). */
const longDate = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(languageTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** The app's other public pages: the domain check and the partner programme's landing (issues 29, 30). */
const OTHER_PUBLIC_PAGES = ['domain-check', 'partner-program'];

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
/** JSON inside a script data block: `<` escaped, so no text can close the block. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

interface Head {
  locale: Locale;
  title: string;
  description: string;
  canonical: string;
  alternates: { locale: Locale; href: string }[];
  image?: string | null;
  type: 'article' | 'website';
  publishedAt?: Date | null;
  modifiedAt?: Date | null;
  ld: unknown[];
  feed?: string;
  /** rel prev/next of a section's pages. */
  links?: { rel: 'prev' | 'next'; href: string }[];
  /** A page search engines should not list (a section with no articles yet). */
  noindex?: boolean;
}

const STYLE = `body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header,main,footer{max-width:48rem;margin:0 auto;padding:1rem 1.25rem}header a{color:#1e3a8a;font-weight:600;text-decoration:none}
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem 1rem}a{color:#1d4ed8}h1{font-size:2rem;line-height:1.2}
article img{max-width:100%;height:auto}table{border-collapse:collapse}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem}
.meta{color:#475569;font-size:.875rem}li{margin:.25rem 0}footer{color:#475569;font-size:.875rem}
.wiki-video{margin:1.5rem 0}.wiki-video .frame{position:relative;display:block;aspect-ratio:16/9;border-radius:.5rem;overflow:hidden;background:#0f172a}
.wiki-video img{display:block;width:100%;height:100%;object-fit:cover}.wiki-video .play{position:absolute;inset:0;margin:auto;width:4rem;height:4rem;border-radius:50%;background:rgba(255,255,255,.92);color:#0f172a;display:flex;align-items:center;justify-content:center;font-size:1.5rem}
.wiki-video figcaption{margin-top:.5rem}.wiki-video figcaption strong{display:block}
.pages ul,ul.tags{gap:.25rem .75rem}ul.tags{list-style:none;padding:0;display:flex;flex-wrap:wrap}.pages [aria-current]{font-weight:700}`;

function page(ctx: AppContext, head: Head, body: string): string {
  const base = ctx.config.appUrl;
  const abs = (p: string) => (p.startsWith('http') ? p : `${base}${p}`);
  const en = head.alternates.find((a) => a.locale === 'en') ?? head.alternates[0];
  const tags = [
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${esc(abs(head.canonical))}">`,
    ...head.alternates.map(
      (a) => `<link rel="alternate" hreflang="${languageTag(a.locale)}" href="${esc(abs(a.href))}">`,
    ),
    en ? `<link rel="alternate" hreflang="x-default" href="${esc(abs(en.href))}">` : '',
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(abs(head.canonical))}">`,
    `<meta property="og:site_name" content="Linkwatch">`,
    `<meta property="og:locale" content="${ogLocale(head.locale)}">`,
    head.image ? `<meta property="og:image" content="${esc(abs(head.image))}">` : '',
    head.publishedAt
      ? `<meta property="article:published_time" content="${head.publishedAt.toISOString()}">`
      : '',
    head.modifiedAt
      ? `<meta property="article:modified_time" content="${head.modifiedAt.toISOString()}">`
      : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(head.title)}">`,
    `<meta name="twitter:description" content="${esc(head.description)}">`,
    head.image ? `<meta name="twitter:image" content="${esc(abs(head.image))}">` : '',
    head.feed ? `<link rel="alternate" type="application/atom+xml" href="${esc(abs(head.feed))}">` : '',
    ...(head.links ?? []).map((l) => `<link rel="${l.rel}" href="${esc(abs(l.href))}">`),
    ...head.ld.map(jsonLd),
  ].filter(Boolean);
  const t = (key: string) => esc(translate(head.locale, key));
  const nav = WIKI_SECTIONS.map(
    (s) => `<li><a href="${sectionPath(head.locale, s.id)}">${t(`wiki.sections.${s.slug}`)}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${languageTag(head.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${tags.join('\n')}
<style>${STYLE}</style>
</head>
<body>
<header><a href="/${head.locale}/wiki">${t('wiki.reader.home')}</a><nav aria-label="${t('wiki.reader.sectionsNav')}"><ul>${nav}</ul></nav></header>
<main>${body}</main>
<footer><a href="/${head.locale}/login">${t('wiki.reader.signIn')}</a></footer>
</body>
</html>`;
}

const breadcrumbs = (ctx: AppContext, items: { name: string; path: string }[]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: item.name,
    item: `${ctx.config.appUrl}${item.path}`,
  })),
});

const byLocale = (translations: Translation[]) =>
  translations
    .filter((t) => isLocale(t.locale))
    .map((t) => ({ locale: t.locale as Locale, href: articlePath(t) }))
    .sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale));

// Videos ----------------------------------------------------------------------------------------------

const PROVIDER_NAMES: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', file: 'Linkwatch' };

/** Where a video is watched without the app's player: the provider's own page, or the file itself. */
function watchUrl(ctx: AppContext, video: VideoRow): string | null {
  if (video.provider === 'youtube' && video.externalId)
    return `https://www.youtube.com/watch?v=${encodeURIComponent(video.externalId)}`;
  if (video.provider === 'vimeo' && video.externalId)
    return `https://vimeo.com/${encodeURIComponent(video.externalId)}`;
  return fileAddress(ctx, video);
}

/** A file video's absolute address (an upload here, or an address an operator gave). */
function fileAddress(ctx: AppContext, video: VideoRow): string | null {
  const file = videoFileOf(video);
  if (!file) return null;
  if (/^https?:\/\//i.test(file)) return file;
  return file.startsWith('/') ? `${ctx.config.appUrl}${file}` : null;
}

/**
 * The thumbnail named to search engines: the operator's poster, else YouTube's own. Only the poster is
 * ever shown on the page: a YouTube image would be a request to YouTube before the reader pressed play.
 */
function thumbnailUrl(ctx: AppContext, video: VideoRow): string | null {
  if (video.posterImageId !== null) return `${ctx.config.appUrl}${imageUrl(video.posterImageId)}`;
  if (video.provider === 'youtube' && video.externalId)
    return `https://i.ytimg.com/vi/${encodeURIComponent(video.externalId)}/hqdefault.jpg`;
  return null;
}

const isoDuration = (seconds: number) => `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;

/**
 * schema.org's VideoObject with what Google requires of it (name, thumbnailUrl, uploadDate) and
 * recommends (description, duration, embedUrl or contentUrl). A video with no thumbnail to name gets
 * none: an invented image would be worse than no rich result.
 */
function videoObject(ctx: AppContext, video: VideoRow, locale: Locale) {
  const thumbnail = thumbnailUrl(ctx, video);
  if (!thumbnail) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || video.title,
    thumbnailUrl: [thumbnail],
    uploadDate: video.createdAt.toISOString(),
    inLanguage: languageTag(locale),
    ...(video.duration ? { duration: isoDuration(video.duration) } : {}),
    ...(video.provider === 'file'
      ? fileAddress(ctx, video)
        ? { contentUrl: fileAddress(ctx, video) }
        : {}
      : { embedUrl: videoEmbedUrl(video).replace(/[?&]autoplay=1$/, '') }),
  };
}

/**
 * A video's place in the written page, as the app's player shows it before play: its poster (ours, if
 * any; else a neutral frame, never the provider's image, which would be a request to them), a play
 * control labelled with its title, the title and duration. Without JavaScript the control is a link to
 * watch it where it lives; the app puts its player there instead.
 */
function videoFallback(ctx: AppContext, video: VideoRow | undefined, locale: Locale): string {
  if (!video) return '';
  const provider = PROVIDER_NAMES[video.provider] ?? video.provider;
  const href = watchUrl(ctx, video);
  const poster =
    video.posterImageId !== null
      ? `<img src="${imageUrl(video.posterImageId)}" alt="" width="1280" height="720" loading="lazy" decoding="async">`
      : '';
  const label = esc(translate(locale, 'wiki.reader.play', { title: video.title }));
  const watch = esc(translate(locale, 'wiki.reader.watch', { title: video.title, provider }));
  const frame = href
    ? `<a class="frame" href="${esc(href)}" rel="noopener" aria-label="${label}" title="${watch}">${poster}<span class="play" aria-hidden="true">▶</span></a>`
    : `<span class="frame">${poster}</span>`;
  const duration = video.duration
    ? ` <span class="meta"><time datetime="${isoDuration(video.duration)}">${videoClock(video.duration)}</time></span>`
    : '';
  const description = video.description ? ` <span class="meta">${esc(video.description)}</span>` : '';
  return `<figure class="wiki-video" data-video-id="${video.id}">${frame}<figcaption><strong>${esc(video.title)}</strong>${duration}${description}</figcaption></figure>`;
}

const VIDEO_PLACEHOLDER = /<div class="wiki-video" data-video-id="(\d+)"><\/div>/g;

function withVideoFallbacks(ctx: AppContext, html: string, videos: VideoRow[], locale: Locale): string {
  return html.replace(VIDEO_PLACEHOLDER, (_, id: string) =>
    videoFallback(
      ctx,
      videos.find((v) => v.id === Number(id)),
      locale,
    ),
  );
}

// Articles ----------------------------------------------------------------------------------------------

function articleHtml(ctx: AppContext, row: ArticleRow, translations: Translation[], videos: VideoRow[]) {
  const locale = row.locale as Locale;
  const section = wikiSection(row.section) ?? WIKI_SECTIONS[0];
  const sectionName = translate(locale, `wiki.sections.${section.slug}`);
  const link = articlePath(row);
  const description = row.description || plainText(row.content, 160);
  const image = imageUrl(row.coverImageId);
  const abs = (p: string) => `${ctx.config.appUrl}${p}`;
  const ld: unknown[] = [
    row.section === 2
      ? {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          inLanguage: languageTag(locale),
          mainEntity: [
            {
              '@type': 'Question',
              name: row.title,
              acceptedAnswer: { '@type': 'Answer', text: plainText(row.content, 5000) || description },
            },
          ],
        }
      : {
          '@context': 'https://schema.org',
          '@type': row.section === 3 ? 'NewsArticle' : 'Article',
          headline: row.title.slice(0, 110),
          description,
          inLanguage: languageTag(locale),
          datePublished: row.publishedAt?.toISOString(),
          dateModified: row.updatedAt.toISOString(),
          mainEntityOfPage: abs(link),
          url: abs(link),
          ...(image ? { image: [abs(image)] } : {}),
          author: { '@type': 'Organization', name: 'Linkwatch', url: ctx.config.appUrl },
          publisher: { '@type': 'Organization', name: 'Linkwatch', url: ctx.config.appUrl },
        },
    breadcrumbs(ctx, [
      { name: translate(locale, 'wiki.reader.title'), path: `/${locale}/wiki` },
      { name: sectionName, path: sectionPath(locale, row.section) },
      { name: row.title, path: link },
    ]),
    ...embeddedVideos(row.content)
      .map((id) => videos.find((v) => v.id === id))
      .filter((v): v is VideoRow => v !== undefined)
      .map((v) => videoObject(ctx, v, locale))
      .filter((v) => v !== null),
  ];
  const date = row.publishedAt
    ? `<p class="meta"><time datetime="${row.publishedAt.toISOString()}">${esc(
        translate(locale, 'wiki.reader.published', {
          date: longDate(locale, row.publishedAt),
        }),
      )}</time>${row.category ? ` · ${esc(row.category)}` : ''}</p>`
    : '';
  const body = `<nav aria-label="breadcrumb" class="meta"><a href="/${locale}/wiki">${esc(translate(locale, 'wiki.reader.title'))}</a> › <a href="${sectionPath(locale, row.section)}">${esc(sectionName)}</a></nav>
<article><h1>${esc(row.title)}</h1>${date}${image ? `<img src="${image}" alt="" width="1200" height="630">` : ''}
${row.section === 2 ? `<p><strong>${esc(row.description)}</strong></p>` : ''}
${withVideoFallbacks(ctx, renderMarkdown(row.content), videos, locale)}
${
  row.tags.length
    ? `<ul class="meta tags" aria-label="${esc(translate(locale, 'wiki.reader.tags'))}">${row.tags
        .map((tag) => `<li><a href="${esc(listingPath(locale, row.section, tag, 1))}">${esc(tag)}</a></li>`)
        .join('')}</ul>`
    : ''
}</article>`;
  return page(
    ctx,
    {
      locale,
      title: `${row.title} · Linkwatch`,
      description,
      canonical: link,
      alternates: byLocale(translations),
      image,
      type: 'article',
      publishedAt: row.publishedAt,
      modifiedAt: row.updatedAt,
      ld,
      feed: `${sectionPath(locale, row.section)}/feed.xml`,
    },
    body,
  );
}

// Sections, their tags and their pages ------------------------------------------------------------------

/** How many articles one page of a listing holds: as many as the app's own pages (the FAQ whole). */
const pageSize = (section: number | undefined) => (section === 2 ? WIKI_FAQ_PAGE_SIZE : WIKI_CARDS_PAGE_SIZE);

/**
 * A listing's address: the wiki's home or a section, a tag page as `?tag=` (the address the app's own
 * tag filter writes), page 2 on as `page=`. Page 1 has no `page`: one address per page.
 */
export function listingPath(locale: string, section: number | undefined, tag: string, page: number): string {
  const base = section ? sectionPath(locale, section) : `/${locale}/wiki`;
  const query = new URLSearchParams();
  if (tag) query.set('tag', tag);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

interface Listing {
  locale: Locale;
  section: number | undefined;
  tag: string;
  page: number;
  pages: number;
  /** This page's articles. */
  rows: ArticleRow[];
  /** The languages with the same listing (the same tag, as many pages). */
  locales: Locale[];
}

function pagesNav(l: Listing): string {
  if (l.pages < 2) return '';
  const t = (key: string, values?: Record<string, string>) => esc(translate(l.locale, key, values));
  const at = (page: number) => esc(listingPath(l.locale, l.section, l.tag, page));
  const numbers = Array.from({ length: l.pages }, (_, i) => i + 1)
    .map((n) =>
      n === l.page
        ? `<li><a href="${at(n)}" aria-current="page">${n}</a></li>`
        : `<li><a href="${at(n)}">${n}</a></li>`,
    )
    .join('');
  return `<nav class="pages" aria-label="${t('wiki.reader.pages')}"><ul>${
    l.page > 1 ? `<li><a rel="prev" href="${at(l.page - 1)}">← ${t('wiki.reader.previousPage')}</a></li>` : ''
  }${numbers}${
    l.page < l.pages
      ? `<li><a rel="next" href="${at(l.page + 1)}">${t('wiki.reader.nextPage')} →</a></li>`
      : ''
  }</ul></nav>`;
}

function sectionHtml(ctx: AppContext, l: Listing) {
  const { locale, section, rows } = l;
  const slug = section ? wikiSection(section)?.slug : undefined;
  const name = slug ? translate(locale, `wiki.sections.${slug}`) : translate(locale, 'wiki.reader.title');
  const path = listingPath(locale, section, l.tag, l.page);
  const items = rows
    .map((r) => {
      const more = moreSource(r);
      return `<li><h2><a href="${articlePath(r)}">${esc(r.title)}</a></h2>${
        r.publishedAt
          ? `<p class="meta"><time datetime="${r.publishedAt.toISOString()}">${esc(longDate(locale, r.publishedAt))}</time></p>`
          : ''
      }${more ? renderMarkdown(more) : `<p>${esc(r.description)}</p>`}</li>`;
    })
    .join('\n');
  const sectionCrumb = section ? [{ name, path: sectionPath(locale, section) }] : [];
  const tagTitle = l.tag ? translate(locale, 'wiki.reader.tagged', { tag: l.tag }) : '';
  const ld: unknown[] = [
    breadcrumbs(ctx, [
      { name: translate(locale, 'wiki.reader.title'), path: `/${locale}/wiki` },
      ...sectionCrumb,
      ...(l.tag ? [{ name: l.tag, path: listingPath(locale, section, l.tag, 1) }] : []),
    ]),
  ];
  if (section === 2 && rows.length)
    ld.unshift({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      inLanguage: languageTag(locale),
      mainEntity: rows.map((r) => ({
        '@type': 'Question',
        name: r.title,
        acceptedAnswer: { '@type': 'Answer', text: r.description || plainText(r.content, 1000) },
      })),
    });
  // Page 1 is the section's own address; the later pages say which they are.
  const pageNote =
    l.page > 1
      ? ` (${translate(locale, 'wiki.reader.pageOf', { page: String(l.page), pages: String(l.pages) })})`
      : '';
  const heading = `${l.tag ? `${name}: ${tagTitle}` : name}${pageNote}`;
  const about = translate(locale, `wiki.reader.about.${slug ?? 'home'}`);
  const description = l.tag || l.page > 1 ? `${heading}. ${about}` : about;
  return page(
    ctx,
    {
      locale,
      title: `${heading} · Linkwatch`,
      description,
      canonical: path,
      alternates: l.locales.map((other) => ({
        locale: other,
        href: listingPath(other, section, l.tag, l.page),
      })),
      type: 'website',
      ld,
      noindex: rows.length === 0,
      feed: section ? `${sectionPath(locale, section)}/feed.xml` : undefined,
      links: [
        ...(l.page > 1
          ? [{ rel: 'prev' as const, href: listingPath(locale, section, l.tag, l.page - 1) }]
          : []),
        ...(l.page < l.pages
          ? [{ rel: 'next' as const, href: listingPath(locale, section, l.tag, l.page + 1) }]
          : []),
      ],
    },
    `<h1>${esc(heading)}</h1>${
      rows.length ? `<ul>${items}</ul>` : `<p>${esc(translate(locale, 'wiki.reader.empty'))}</p>`
    }${pagesNav(l)}`,
  );
}

/**
 * The listing a request asks for, or null for none (a real 404): a tag no article of the section
 * carries, a page past the last, a page number that is not one.
 */
function listingOf(
  all: ArticleRow[],
  want: { locale: Locale; section: number | undefined; tag: string; page: number },
): Listing | null {
  const size = pageSize(want.section);
  const matching = (locale: Locale) =>
    all.filter((r) => r.locale === locale && (!want.tag || r.tags.includes(want.tag)));
  const pagesOf = (count: number) => Math.max(1, Math.ceil(count / size));
  const mine = matching(want.locale);
  if (want.tag && mine.length === 0) return null;
  const pages = pagesOf(mine.length);
  if (want.page > pages) return null;
  const locales = LOCALES.filter((other) => {
    const theirs = matching(other).length;
    return (!want.tag || theirs > 0) && want.page <= pagesOf(theirs);
  });
  return {
    ...want,
    pages,
    rows: mine.slice((want.page - 1) * size, want.page * size),
    locales,
  };
}

/** The tag pages of a language's sections, each with its newest change (the sitemaps list them). */
function tagPages(rows: ArticleRow[], locale: Locale) {
  const pages = new Map<string, { path: string; lastmod: Date }>();
  for (const r of rows) {
    for (const tag of r.tags) {
      const path = listingPath(locale, r.section, tag, 1);
      const seen = pages.get(path);
      if (!seen || r.updatedAt > seen.lastmod) pages.set(path, { path, lastmod: r.updatedAt });
    }
  }
  return [...pages.values()];
}

/**
 * The language a reader reads in, from their Accept-Language header (`uk` is ua), or null when it
 * names none of ours.
 */
export function acceptedLocale(header: string | undefined): Locale | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { range: range.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((r) => r.range && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { range } of ranked) {
    const primary = range.split('-')[0];
    const locale = primary === 'uk' ? 'ua' : primary;
    if (isLocale(locale)) return locale;
  }
  return null;
}

/** The web app's session cookie (apps/web/src/api/token.ts). */
const SESSION_COOKIE = /(?:^|;\s*)auth\._token=([^;]+)/;

/** Whether the request carries the cookie of a live session: a signed-in reader, who gets the app. */
async function signedIn(ctx: AppContext, req: FastifyRequest): Promise<boolean> {
  const raw = SESSION_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  if (!raw) return false;
  try {
    return (await sessionUser(ctx, decodeURIComponent(raw))) !== null;
  } catch {
    return false;
  }
}

const xmlEsc = esc;

function notFoundHtml(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>This page could not be found</title><meta name="robots" content="noindex"></head><body><h1>This page could not be found</h1></body></html>',
    );
}

/** `?app` asks for the app itself (the SPA's page), as a signed-in reader's link does. */
const wantsApp = (req: FastifyRequest) => Object.hasOwn((req.query ?? {}) as object, 'app');

const lastmod = (rows: ArticleRow[]) =>
  rows.reduce<Date | null>((max, r) => (max === null || r.updatedAt > max ? r.updatedAt : max), null);

export function wikiPages(app: FastifyInstance, ctx: AppContext) {
  // The same address is the app for a signed-in reader: caches keep the two apart by the cookie.
  const html = (reply: FastifyReply, text: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'cookie')
      .send(text);
  /** The app instead of the written page: asked for with `?app`, or a signed-in reader's. */
  const appTakesOver = async (req: FastifyRequest) => wantsApp(req) || (await signedIn(ctx, req));

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const lines = [
      'User-agent: *',
      ...LOCALES.map((l) => `Allow: /${l}/wiki`),
      ...['', ...LOCALES.map((l) => `/${l}`)].flatMap((p) =>
        OTHER_PUBLIC_PAGES.map((page) => `Allow: ${p}/${page}`),
      ),
      'Allow: /sitemap',
      'Allow: /api/wiki/images/',
      'Disallow: /',
      '',
      `Sitemap: ${ctx.config.appUrl}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await publicArticles(ctx);
    const entries = LOCALES.map((l) => {
      const mod = lastmod(rows.filter((r) => r.locale === l));
      return `<sitemap><loc>${ctx.config.appUrl}/sitemap-${l}.xml</loc>${mod ? `<lastmod>${mod.toISOString()}</lastmod>` : ''}</sitemap>`;
    });
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`,
      );
  });

  app.get<{ Params: { locale: string } }>(
    '/sitemap-:locale.xml',
    { schema: { hide: true } },
    async (req, reply) => {
      const locale = req.params.locale;
      if (!isLocale(locale)) return notFoundHtml(reply);
      const all = await publicArticles(ctx);
      const rows = all.filter((r) => r.locale === locale);
      const abs = (p: string) => xmlEsc(`${ctx.config.appUrl}${p}`);
      const alternates = (row: ArticleRow) =>
        all
          .filter((o) => o.groupKey === row.groupKey)
          .map(
            (o) =>
              `<xhtml:link rel="alternate" hreflang="${languageTag(o.locale as Locale)}" href="${abs(articlePath(o))}"/>`,
          )
          .join('');
      // Each section's pages (page 2 on too: each its own canonical address) and its tag pages.
      const sections = WIKI_SECTIONS.flatMap((s) => {
        const inSection = rows.filter((r) => r.section === s.id);
        const mod = lastmod(inSection);
        if (!mod) return [];
        const pages = Math.ceil(inSection.length / pageSize(s.id));
        return Array.from(
          { length: pages },
          (_, i) =>
            `<url><loc>${abs(listingPath(locale, s.id, '', i + 1))}</loc><lastmod>${mod.toISOString()}</lastmod></url>`,
        );
      });
      // The wiki's home and the app's other public pages, each with its three languages.
      const everyLanguage = (p: string) =>
        LOCALES.map(
          (l) => `<xhtml:link rel="alternate" hreflang="${languageTag(l)}" href="${abs(`/${l}${p}`)}"/>`,
        ).join('');
      const home = lastmod(rows);
      const pages = [
        `<url><loc>${abs(`/${locale}/wiki`)}</loc>${home ? `<lastmod>${home.toISOString()}</lastmod>` : ''}${everyLanguage('/wiki')}</url>`,
        ...OTHER_PUBLIC_PAGES.map(
          (p) => `<url><loc>${abs(`/${locale}/${p}`)}</loc>${everyLanguage(`/${p}`)}</url>`,
        ),
      ];
      const tags = tagPages(rows, locale).map(
        (p) => `<url><loc>${abs(p.path)}</loc><lastmod>${p.lastmod.toISOString()}</lastmod></url>`,
      );
      const articles = rows.map(
        (r) =>
          `<url><loc>${abs(articlePath(r))}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod>${alternates(r)}</url>`,
      );
      return reply
        .type('application/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${pages.join('')}${sections.join('')}${tags.join('')}${articles.join('')}</urlset>\n`,
        );
    },
  );

  app.get<{ Params: { locale: string; section: string } }>(
    '/:locale/wiki/:section/feed.xml',
    { schema: { hide: true } },
    async (req, reply) => {
      const { locale } = req.params;
      const section = wikiSection(req.params.section);
      if (!isLocale(locale) || !section) return notFoundHtml(reply);
      const rows = (await publicArticles(ctx, { locale, section: section.id })).slice(0, 50);
      const abs = (p: string) => xmlEsc(`${ctx.config.appUrl}${p}`);
      const name = translate(locale, `wiki.sections.${section.slug}`);
      const updated = (lastmod(rows) ?? new Date(0)).toISOString();
      const entries = rows.map(
        (r) =>
          `<entry><title>${xmlEsc(r.title)}</title><link href="${abs(articlePath(r))}"/><id>${abs(articlePath(r))}</id><published>${(r.publishedAt ?? r.createdAt).toISOString()}</published><updated>${r.updatedAt.toISOString()}</updated><summary>${xmlEsc(r.description || plainText(r.content))}</summary>${r.category ? `<category term="${xmlEsc(r.category)}"/>` : ''}</entry>`,
      );
      return reply
        .type('application/atom+xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${languageTag(locale)}"><title>${xmlEsc(`${name} · Linkwatch`)}</title><id>${abs(sectionPath(locale, section.id))}</id><link rel="self" href="${abs(`${sectionPath(locale, section.id)}/feed.xml`)}"/><link href="${abs(sectionPath(locale, section.id))}"/><updated>${updated}</updated><author><name>Linkwatch</name></author>${entries.join('')}</feed>\n`,
        );
    },
  );

  const listing = async (
    req: FastifyRequest<{
      Params: { locale: string; section?: string };
      Querystring: Record<string, unknown>;
    }>,
    reply: FastifyReply,
  ) => {
    if (await appTakesOver(req)) return reply.callNotFound();
    const { locale } = req.params;
    const section = req.params.section === undefined ? undefined : wikiSection(req.params.section);
    if (!isLocale(locale) || (req.params.section !== undefined && !section)) return notFoundHtml(reply);
    const tag = typeof req.query.tag === 'string' ? req.query.tag.trim() : '';
    const pageText = typeof req.query.page === 'string' ? req.query.page : '';
    // Tags are a section's (the home lists every section); a page number is 2 or more, written plainly.
    if ((tag && !section) || (pageText && !/^[1-9]\d{0,5}$/.test(pageText))) return notFoundHtml(reply);
    const page = pageText ? Number(pageText) : 1;
    if (pageText === '1') return reply.redirect(encodeURI(listingPath(locale, section?.id, tag, 1)), 301);
    const found = listingOf(await publicArticles(ctx, { section: section?.id }), {
      locale,
      section: section?.id,
      tag,
      page,
    });
    if (!found) return notFoundHtml(reply);
    return html(reply, sectionHtml(ctx, found));
  };
  app.get('/:locale/wiki', { schema: { hide: true } }, listing);
  app.get('/:locale/wiki/:section', { schema: { hide: true } }, listing);
  for (const view of ['FaqSection', 'NewsSection', 'PreviewSection'])
    app.get(`/:locale/wiki/:section/type/${view}`, { schema: { hide: true } }, listing);
  // Any other address under a language's wiki (an unknown view, a path too deep): a real 404 too.
  app.get<{ Params: { locale: string } }>(
    '/:locale/wiki/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const { locale } = req.params;
      // The router brings the API's paths with no route of their own (/api/wiki/…) here too.
      if (`/${locale}` === API_PREFIX) return sendApiNotFound(req, reply);
      if (!isLocale(locale) || (await appTakesOver(req))) return reply.callNotFound();
      return notFoundHtml(reply);
    },
  );

  app.get<{ Params: { locale: string; section: string; id: string } }>(
    '/:locale/wiki/:section/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      if (await appTakesOver(req)) return reply.callNotFound();
      const { locale } = req.params;
      const id = /^(\d{1,9})(-|$)/.exec(req.params.id)?.[1];
      if (!isLocale(locale) || !id) return notFoundHtml(reply);
      const found = await publicArticle(ctx, Number(id));
      if (!found) return notFoundHtml(reply);
      // A published article asked in another language's form (the unprefixed address sends a Russian
      // reader to /ru/… of an English id) or under another section: moved to the asked language's
      // version when there is one, else to the article's own address; never a 404 for an article there.
      const version =
        found.row.locale === locale ? found.row : found.translations.find((tr) => tr.locale === locale);
      const canonical = articlePath(version ?? found.row);
      let asked = req.url.split('?')[0];
      try {
        asked = decodeURIComponent(asked);
      } catch {}
      if (asked !== canonical) return reply.redirect(encodeURI(canonical), 301);
      const videos = await videosOf(ctx, embeddedVideos(found.row.content));
      return html(reply, articleHtml(ctx, found.row, found.translations, videos));
    },
  );

  // The wiki without a language in its address: the reader's language form of the same address (the
  // language they chose in the app, else their browser's, else English).
  const toLocaleForm = async (req: FastifyRequest, reply: FastifyReply) => {
    const chosen = /(?:^|;\s*)locale=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
    const locale = isLocale(chosen)
      ? chosen
      : (acceptedLocale(req.headers['accept-language']) ?? DEFAULT_LOCALE);
    return reply
      .header('vary', 'accept-language, cookie')
      .header('cache-control', 'private, no-cache')
      .redirect(`/${locale}${req.url}`, 301);
  };
  app.get('/wiki', { schema: { hide: true } }, toLocaleForm);
  app.get('/wiki/*', { schema: { hide: true } }, toLocaleForm);
}
