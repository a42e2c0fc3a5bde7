import { isLocale, LOCALES, type Locale, languageTag, ogLocale } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';

/**
 * The public pages search engines read (issue 30: the domain check), written into the first HTML
 * response: their own title, meta description, canonical URL, hreflang alternates, Open Graph and
 * Twitter tags, and in place of the signed-in frame's static shell the page's frame and heading in
 * the same markup (and classes) the web app renders, so the text is there without JavaScript and the
 * app's first render does not move it.
 */
interface PublicPage {
  /** The path without its locale prefix. */
  path: string;
  /** `shell.pages.*`: the document title the app sets too (`{page} · Linkwatch`). */
  title: string;
  description: string;
  heading: string;
  intro: string;
}

const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: 'domain-check',
    title: 'shell.pages.domainCheck',
    description: 'domainCheck.meta.description',
    heading: 'domainCheck.title',
    intro: 'domainCheck.intro',
  },
];

/** index.html's static frame of the signed-in pages (apps/web/index.html). */
const APP_SHELL = /<!-- app-shell:[\s\S]*?<!-- \/app-shell -->/;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The public page a URL shows (in any of its four forms), if it is one. */
export function publicPageAt(url: string): PublicPage | undefined {
  const [, first = '', ...rest] = url.split('?')[0].split('/');
  const page = (isLocale(first) ? rest : [first, ...rest]).join('/').replace(/\/$/, '');
  return PUBLIC_PAGES.find((p) => p.path === page);
}

/** The page's head tags and static body for `locale`, or `html` unchanged for any other page. */
export function publicPageHtml(params: {
  html: string;
  url: string;
  locale: Locale;
  appUrl: string;
}): string {
  const page = publicPageAt(params.url);
  if (!page) return params.html;
  const { locale, appUrl } = params;
  const t = (key: string) => escapeHtml(translate(locale, key));
  const href = (l: Locale) => escapeHtml(`${appUrl}/${l}/${page.path}`);
  const title = `${t(page.title)} · ${t('common.appName')}`;
  const description = t(page.description);
  const head = [
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${href(locale)}">`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${languageTag(l)}" href="${href(l)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href('en')}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${t('common.appName')}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${href(locale)}">`,
    `<meta property="og:locale" content="${ogLocale(locale)}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
  // As the web app's EmptyLayout and the page's heading render them (DomainCheckPage.tsx).
  const body = `<div class="flex min-h-screen flex-col">
        <header class="border-b border-line bg-white">
          <div class="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
            <a href="/${locale}" class="rounded-lg text-ink">
              <span class="inline-flex items-center gap-2.5">
                <svg viewBox="0 0 32 32" class="size-8 shrink-0" aria-hidden="true">
                  <rect width="32" height="32" rx="8" class="fill-brand-600" />
                  <path d="M13.5 18.5l5-5M12 15l-2 2a3.5 3.5 0 005 5l2-2M20 17l2-2a3.5 3.5 0 00-5-5l-2 2" stroke="#fff"
                    stroke-width="2.2" fill="none" stroke-linecap="round" />
                </svg>
                <span class="text-lg font-semibold tracking-tight">${t('common.appName')}</span>
              </span>
            </a>
          </div>
        </header>
        <main id="content" class="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
          <div class="space-y-8">
            <section class="mx-auto max-w-3xl text-center">
              <h1 class="text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl">${t(page.heading)}</h1>
              <p class="mt-4 text-base text-pretty text-ink-muted">${t(page.intro)}</p>
            </section>
          </div>
        </main>
      </div>`;
  return params.html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('  </head>', `${head}  </head>`)
    .replace(APP_SHELL, body);
}
