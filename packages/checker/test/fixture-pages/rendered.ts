import type { IncomingMessage } from 'node:http';
import {
  A,
  type ExpectedBacklink,
  type FixturePage,
  html,
  LEAD,
  type Respond,
  sendHtml,
  TAIL,
} from './common.ts';

/**
 * Pages whose link JavaScript builds. `expect` is the plain HTML check (the link is not there);
 * `expectRendered` what a check rendering the page ('missing' mode) must report.
 */
export interface RenderedFixturePage extends FixturePage {
  expectRendered: {
    backlinks: Array<ExpectedBacklink & { rendered?: boolean }>;
    indexingCapabilityId?: number;
    /** Fixture path the page ended on, when a script moved it. */
    redirect?: string;
    reason: 'missing' | 'client_rendered' | null;
  };
}

const insert = (path: string, anchor: string, rel = '') =>
  `document.getElementById('root').innerHTML = '<p>${LEAD} See <a href="${A}${path}"${rel ? ` rel="${rel}"` : ''}>${anchor}</a> today.</p><p>${TAIL}</p>';`;

const built = (
  path: string,
  anchor: string,
  attribute = 'dofollow',
): ExpectedBacklink & { rendered: true } => ({
  href: `${A}${path}`,
  anchor,
  attribute,
  typeId: 2,
  textBefore: `${LEAD} See`,
  textAfter: `today. ${TAIL}`,
  rendered: true,
});

const shell = (script: string, head = '', extra = '') =>
  sendHtml(html({ head, body: `<div id="root"></div>${extra}<script>${script}</script>` }));

const missingInHtml = { responseCode: 200, indexingCapabilityId: 1, backlinks: [] };

export const renderedPages: RenderedFixturePage[] = [
  {
    path: '/render/after-load',
    about: 'a React-style shell whose link a script inserts on load',
    respond: shell(
      `window.addEventListener('load', () => { ${insert('/render/after-load', 'built on load', 'ugc')} });`,
    ),
    expect: missingInHtml,
    expectRendered: { reason: 'missing', backlinks: [built('/render/after-load', 'built on load', 'ugc')] },
  },
  {
    path: '/render/after-timeout',
    about: 'a link inserted 800 ms after load',
    respond: shell(`setTimeout(() => { ${insert('/render/after-timeout', 'built later')} }, 800);`),
    expect: missingInHtml,
    expectRendered: { reason: 'missing', backlinks: [built('/render/after-timeout', 'built later')] },
  },
  {
    path: '/render/on-scroll',
    about: 'a lazy sidebar: the link appears when its place scrolls into view',
    respond: sendHtml(
      html({
        body: `<div style="height:4000px"></div><div id="root" style="height:10px"></div><script>
new IntersectionObserver((entries, observer) => {
  if (entries.some((entry) => entry.isIntersecting)) { observer.disconnect(); ${insert('/render/on-scroll', 'seen on scroll')} }
}).observe(document.getElementById('root'));</script>`,
      }),
    ),
    expect: missingInHtml,
    expectRendered: { reason: 'missing', backlinks: [built('/render/on-scroll', 'seen on scroll')] },
  },
  {
    path: '/render/script-redirect',
    about: 'a page that moves on by script to a page carrying the link',
    respond: sendHtml(
      html({
        body: `<p>Moving…</p><script>setTimeout(() => location.replace('/render/redirect-target'), 100);</script>`,
      }),
    ),
    expect: missingInHtml,
    expectRendered: {
      reason: 'missing',
      redirect: '/render/redirect-target',
      backlinks: [{ ...built('/render/redirect-target', 'our pick'), textBefore: `${LEAD} See` }],
    },
  },
  {
    path: '/render/redirect-target',
    about: 'where the script redirect lands: the link is in its HTML',
    respond: sendHtml(
      html({
        body: `<p>${LEAD}</p><p>See <a href="${A}/render/redirect-target">our pick</a> today.</p><p>${TAIL}</p>`,
      }),
    ),
    expect: {
      responseCode: 200,
      indexingCapabilityId: 1,
      backlinks: [
        { href: `${A}/render/redirect-target`, anchor: 'our pick', attribute: 'dofollow', typeId: 2 },
      ],
    },
    expectRendered: {
      reason: null,
      backlinks: [
        { href: `${A}/render/redirect-target`, anchor: 'our pick', attribute: 'dofollow', typeId: 2 },
      ],
    },
  },
  {
    path: '/render/noindex-by-script',
    about: 'a script adds the link and a meta robots noindex: the rendered robots count',
    respond: shell(
      `const meta = document.createElement('meta'); meta.name = 'robots'; meta.content = 'noindex'; document.head.append(meta); ${insert('/render/noindex-by-script', 'built on load')}`,
    ),
    expect: missingInHtml,
    expectRendered: {
      reason: 'missing',
      indexingCapabilityId: 4,
      backlinks: [built('/render/noindex-by-script', 'built on load')],
    },
  },
  {
    path: '/render/next-shell',
    about: 'a Next.js shell: a footer link in the HTML, the article link built by script',
    respond: sendHtml(
      html({
        body: `<div id="__next"></div><footer><a href="${A}/render/footer">footer</a></footer><script>document.getElementById('__next').innerHTML = '<a href="${A}/render/next-shell">article</a>';</script><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>`,
      }),
    ),
    expect: {
      responseCode: 200,
      indexingCapabilityId: 1,
      backlinks: [{ href: `${A}/render/footer`, anchor: 'footer', attribute: 'dofollow', typeId: 2 }],
    },
    expectRendered: {
      reason: 'client_rendered',
      backlinks: [
        {
          href: `${A}/render/next-shell`,
          anchor: 'article',
          attribute: 'dofollow',
          typeId: 2,
          rendered: true,
        },
        { href: `${A}/render/footer`, anchor: 'footer', attribute: 'dofollow', typeId: 2 },
      ],
    },
  },
  {
    path: '/render/never-built',
    about: 'a shell whose script builds no link: still missing after rendering',
    respond: shell(`document.getElementById('root').textContent = 'nothing for you';`),
    expect: missingInHtml,
    expectRendered: { reason: 'missing', backlinks: [] },
  },
];

function trapOf(request: IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://fixture').searchParams.get('trap') ?? '';
}

/**
 * Pages that try to reach loopback, private and metadata addresses from the browser; `?trap=`
 * names a local origin that is not trusted (its listener must never be reached). The link is
 * built by script, so the verdict can be checked too.
 */
export const hostilePages: Array<{ path: string; respond: Respond }> = [
  {
    path: '/render/hostile',
    respond: (response, request) => {
      const trap = trapOf(request);
      const trapPort = new URL(trap).port;
      sendHtml(
        html({
          body: `<div id="root"></div>
<img src="${trap}/img">
<iframe src="${trap}/frame"></iframe>
<iframe src="http://rebinding.test:${trapPort}/rebound"></iframe>
<iframe src="/redirect-to?to=${encodeURIComponent(`${trap}/redirected`)}"></iframe>
<script>
fetch('${trap}/fetch').catch(() => {});
fetch('http://10.0.0.1/private').catch(() => {});
fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
fetch('http://localhost:${trapPort}/localhost').catch(() => {});
${insert('/render/hostile', 'built anyway')}
</script>`,
        }),
      )(response, request);
    },
  },
  {
    path: '/render/hostile-redirect',
    respond: (response, request) => {
      sendHtml(
        html({
          body: `<div id="root"></div><script>location.href = '${trapOf(request)}/script-redirect';</script>`,
        }),
      )(response, request);
    },
  },
];

export const HOSTILE_BACKLINK = built('/render/hostile', 'built anyway');
