import { A, ACCEPTOR_DOMAIN, type FixturePage, html, okPage, sendHtml } from './common.ts';

const REL_CASES: Array<[rel: string | null, attribute: string]> = [
  [null, 'dofollow'],
  ['nofollow', 'nofollow'],
  ['ugc', 'ugc'],
  ['sponsored', 'sponsored'],
  ['nofollow ugc', 'nofollow,ugc'],
  ['sponsored nofollow', 'nofollow,sponsored'],
  ['noopener NOREFERRER', 'dofollow'],
];

/** Every rel mix. */
export const relPage: FixturePage = okPage(
  '/rel/mix',
  'one link per rel combination',
  sendHtml(
    html({
      body: `<ul>${REL_CASES.map(([rel], index) => `<li><a href="${A}/rel/${index}"${rel === null ? '' : ` rel="${rel}"`}>rel case ${index}</a></li>`).join('')}</ul>`,
    }),
  ),
  {
    backlinks: REL_CASES.map(([, attribute], index) => ({
      href: `${A}/rel/${index}`,
      anchor: `rel case ${index}`,
      attribute,
      typeId: 2,
    })),
  },
);

/** Every link kind. */
export const kindsPage: FixturePage = okPage(
  '/kinds/all',
  'image link, text link, canonical and hreflang to the acceptor',
  sendHtml(
    html({
      head: `<link rel="canonical" href="${A}/kinds/canonical"><link rel="alternate" hreflang="de" href="https://www.${ACCEPTOR_DOMAIN}/de/">`,
      body: `<p>Top partners:</p><a href="${A}/kinds/image" rel="sponsored"><img src="/logo.png" alt="  Acceptor   logo "></a><p>and <a href="https://blog.${ACCEPTOR_DOMAIN}/kinds/text">the blog</a>, not <a href="http://other.example/">another site</a>.</p>`,
    }),
  ),
  {
    // The canonical points at the acceptor, so it is "elsewhere" too.
    indexingCapabilityId: 11,
    backlinks: [
      { href: `${A}/kinds/canonical`, anchor: '', attribute: 'dofollow', typeId: 3 },
      { href: `https://www.${ACCEPTOR_DOMAIN}/de/`, anchor: '', attribute: 'dofollow', typeId: 4 },
      {
        href: `${A}/kinds/image`,
        anchor: 'Acceptor logo',
        attribute: 'sponsored',
        typeId: 1,
        textBefore: 'Top partners:',
        textAfter: 'and the blog, not another site.',
      },
      {
        href: `https://blog.${ACCEPTOR_DOMAIN}/kinds/text`,
        anchor: 'the blog',
        attribute: 'dofollow',
        typeId: 2,
        textBefore: 'Top partners: and',
      },
    ],
  },
);

/** Relative links, with and without <base>. */
export const relativePages: FixturePage[] = [
  okPage(
    '/relative/base',
    'relative links resolved against <base href>',
    sendHtml(
      html({
        head: `<base href="${A}/blog/2024/">`,
        body: '<a href="post.html">post</a> <a href="../about">about</a> <a href="/root">root</a> <a href="?page=2">page two</a> <a href="mailto:x@acceptor.example">mail</a>',
      }),
    ),
    {
      backlinks: [
        { href: `${A}/blog/2024/post.html`, anchor: 'post', attribute: 'dofollow', typeId: 2 },
        { href: `${A}/blog/about`, anchor: 'about', attribute: 'dofollow', typeId: 2 },
        { href: `${A}/root`, anchor: 'root', attribute: 'dofollow', typeId: 2 },
        { href: `${A}/blog/2024/?page=2`, anchor: 'page two', attribute: 'dofollow', typeId: 2 },
      ],
    },
  ),
  okPage(
    '/relative/protocol-relative',
    'a scheme-relative link takes the page scheme',
    sendHtml(
      html({ body: `<a href="//${ACCEPTOR_DOMAIN}/scheme-relative">here</a><a href="/local">local</a>` }),
    ),
    { backlinks: [{ href: `${A}/scheme-relative`, anchor: 'here', attribute: 'dofollow', typeId: 2 }] },
  ),
];
