import { isLocale, LOCALES, type Locale, WIKI_SECTIONS, wikiSection } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { articlePath, imageUrl, sectionPath, type Translation } from './wiki.presenter.ts';
import type { ArticleRow } from './wiki.queries.ts';
import { moreSource, plainText, renderMarkdown } from './wiki.render.ts';
import { publicArticle, publicArticles } from './wiki.service.ts';

/**
 * The wiki as search engines and visitors without the app read it (issue 30): complete HTML written
 * by the server (title, description, body, image, dates in the first response; no script needed),
 * with canonical, hreflang alternates and x-default, Open Graph and Twitter tags and JSON-LD; the
 * sitemaps, an Atom feed per language and section, and robots.txt. A signed-in reader's app reaches
 * the same paths by its own navigation; `?app` on any of them opens the app itself.
 */

const HREFLANG: Record<Locale, string> = { en: 'en', ru: 'ru', ua: 'uk' };
const OG_LOCALE: Record<Locale, string> = { en: 'en_US', ru: 'ru_RU', ua: 'uk_UA' };

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
}

const STYLE = `body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header,main,footer{max-width:48rem;margin:0 auto;padding:1rem 1.25rem}header a{color:#1e3a8a;font-weight:600;text-decoration:none}
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem 1rem}a{color:#1d4ed8}h1{font-size:2rem;line-height:1.2}
article img{max-width:100%;height:auto}table{border-collapse:collapse}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem}
.meta{color:#475569;font-size:.875rem}li{margin:.25rem 0}footer{color:#475569;font-size:.875rem}`;

function page(ctx: AppContext, head: Head, body: string): string {
  const base = ctx.config.appUrl;
  const abs = (p: string) => (p.startsWith('http') ? p : `${base}${p}`);
  const en = head.alternates.find((a) => a.locale === 'en') ?? head.alternates[0];
  const tags = [
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    `<link rel="canonical" href="${esc(abs(head.canonical))}">`,
    ...head.alternates.map(
      (a) => `<link rel="alternate" hreflang="${HREFLANG[a.locale]}" href="${esc(abs(a.href))}">`,
    ),
    en ? `<link rel="alternate" hreflang="x-default" href="${esc(abs(en.href))}">` : '',
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(abs(head.canonical))}">`,
    `<meta property="og:site_name" content="Linkwatch">`,
    `<meta property="og:locale" content="${OG_LOCALE[head.locale]}">`,
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
    ...head.ld.map(jsonLd),
  ].filter(Boolean);
  const t = (key: string) => esc(translate(head.locale, key));
  const nav = WIKI_SECTIONS.map(
    (s) => `<li><a href="${sectionPath(head.locale, s.id)}">${t(`wiki.sections.${s.slug}`)}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${HREFLANG[head.locale]}">
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

function articleHtml(ctx: AppContext, row: ArticleRow, translations: Translation[]) {
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
          inLanguage: HREFLANG[locale],
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
          inLanguage: HREFLANG[locale],
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
  ];
  const date = row.publishedAt
    ? `<p class="meta"><time datetime="${row.publishedAt.toISOString()}">${esc(
        translate(locale, 'wiki.reader.published', {
          date: new Intl.DateTimeFormat(HREFLANG[locale], { dateStyle: 'long' }).format(row.publishedAt),
        }),
      )}</time>${row.category ? ` · ${esc(row.category)}` : ''}</p>`
    : '';
  const body = `<nav aria-label="breadcrumb" class="meta"><a href="/${locale}/wiki">${esc(translate(locale, 'wiki.reader.title'))}</a> › <a href="${sectionPath(locale, row.section)}">${esc(sectionName)}</a></nav>
<article><h1>${esc(row.title)}</h1>${date}${image ? `<img src="${image}" alt="" width="1200" height="630">` : ''}
${row.section === 2 ? `<p><strong>${esc(row.description)}</strong></p>` : ''}
${renderMarkdown(row.content)}
${row.tags.length ? `<p class="meta">${row.tags.map(esc).join(', ')}</p>` : ''}</article>`;
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

function sectionHtml(ctx: AppContext, locale: Locale, section: number | undefined, rows: ArticleRow[]) {
  const slug = section ? wikiSection(section)?.slug : undefined;
  const name = slug ? translate(locale, `wiki.sections.${slug}`) : translate(locale, 'wiki.reader.title');
  const path = section ? sectionPath(locale, section) : `/${locale}/wiki`;
  const items = rows
    .map((r) => {
      const more = moreSource(r);
      return `<li><h2><a href="${articlePath(r)}">${esc(r.title)}</a></h2>${
        r.publishedAt
          ? `<p class="meta"><time datetime="${r.publishedAt.toISOString()}">${r.publishedAt.toISOString().slice(0, 10)}</time></p>`
          : ''
      }${more ? renderMarkdown(more) : `<p>${esc(r.description)}</p>`}</li>`;
    })
    .join('\n');
  const ld: unknown[] = [
    breadcrumbs(ctx, [
      { name: translate(locale, 'wiki.reader.title'), path: `/${locale}/wiki` },
      ...(section ? [{ name, path }] : []),
    ]),
  ];
  if (section === 2 && rows.length)
    ld.unshift({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      inLanguage: HREFLANG[locale],
      mainEntity: rows.map((r) => ({
        '@type': 'Question',
        name: r.title,
        acceptedAnswer: { '@type': 'Answer', text: r.description || plainText(r.content, 1000) },
      })),
    });
  const description = `${name} · ${translate(locale, 'wiki.reader.home')}`;
  return page(
    ctx,
    {
      locale,
      title: `${name} · Linkwatch`,
      description,
      canonical: path,
      alternates: LOCALES.map((l) => ({ locale: l, href: section ? sectionPath(l, section) : `/${l}/wiki` })),
      type: 'website',
      ld,
      feed: section ? `${path}/feed.xml` : undefined,
    },
    `<h1>${esc(name)}</h1>${rows.length ? `<ul>${items}</ul>` : `<p>${esc(translate(locale, 'wiki.reader.empty'))}</p>`}`,
  );
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
  const html = (reply: FastifyReply, text: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(text);

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const lines = [
      'User-agent: *',
      ...LOCALES.map((l) => `Allow: /${l}/wiki`),
      // The other public pages: the domain check and the partner programme's landing (issues 29, 30).
      ...['', ...LOCALES.map((l) => `/${l}`)].flatMap((p) => [
        `Allow: ${p}/domain-check`,
        `Allow: ${p}/partner-program`,
      ]),
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
              `<xhtml:link rel="alternate" hreflang="${HREFLANG[o.locale as Locale]}" href="${abs(articlePath(o))}"/>`,
          )
          .join('');
      const sections = WIKI_SECTIONS.map((s) => {
        const mod = lastmod(rows.filter((r) => r.section === s.id));
        return mod
          ? `<url><loc>${abs(sectionPath(locale, s.id))}</loc><lastmod>${mod.toISOString()}</lastmod></url>`
          : '';
      });
      const articles = rows.map(
        (r) =>
          `<url><loc>${abs(articlePath(r))}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod>${alternates(r)}</url>`,
      );
      return reply
        .type('application/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${sections.join('')}${articles.join('')}</urlset>\n`,
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
          `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${HREFLANG[locale]}"><title>${xmlEsc(`${name} · Linkwatch`)}</title><id>${abs(sectionPath(locale, section.id))}</id><link rel="self" href="${abs(`${sectionPath(locale, section.id)}/feed.xml`)}"/><link href="${abs(sectionPath(locale, section.id))}"/><updated>${updated}</updated><author><name>Linkwatch</name></author>${entries.join('')}</feed>\n`,
        );
    },
  );

  const listing = async (
    req: FastifyRequest<{ Params: { locale: string; section?: string } }>,
    reply: FastifyReply,
  ) => {
    if (wantsApp(req)) return reply.callNotFound();
    const { locale } = req.params;
    const section = req.params.section === undefined ? undefined : wikiSection(req.params.section);
    if (!isLocale(locale) || (req.params.section !== undefined && !section)) return notFoundHtml(reply);
    const rows = await publicArticles(ctx, { locale, section: section?.id });
    return html(reply, sectionHtml(ctx, locale, section?.id, rows));
  };
  app.get('/:locale/wiki', { schema: { hide: true } }, listing);
  app.get('/:locale/wiki/:section', { schema: { hide: true } }, listing);
  for (const view of ['FaqSection', 'NewsSection', 'PreviewSection'])
    app.get(`/:locale/wiki/:section/type/${view}`, { schema: { hide: true } }, listing);

  app.get<{ Params: { locale: string; section: string; id: string } }>(
    '/:locale/wiki/:section/:id',
    { schema: { hide: true } },
    async (req, reply) => {
      if (wantsApp(req)) return reply.callNotFound();
      const { locale } = req.params;
      const id = /^(\d{1,9})(-|$)/.exec(req.params.id)?.[1];
      if (!isLocale(locale) || !id) return notFoundHtml(reply);
      const found = await publicArticle(ctx, Number(id));
      const section = wikiSection(req.params.section);
      if (!found || found.row.locale !== locale || section?.id !== found.row.section)
        return notFoundHtml(reply);
      const canonical = articlePath(found.row);
      let asked = req.url.split('?')[0];
      try {
        asked = decodeURIComponent(asked);
      } catch {}
      if (asked !== canonical) return reply.redirect(encodeURI(canonical), 301);
      return html(reply, articleHtml(ctx, found.row, found.translations));
    },
  );
}
