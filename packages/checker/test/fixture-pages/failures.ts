import {
  A,
  articleWithLink,
  type FixturePage,
  html,
  okPage,
  SLOW_PAGE_DELAY_MS,
  sendHtml,
} from './common.ts';

let hugeBody: Buffer | null = null;

/** 6 MB: one backlink near the top and one past the 5 MB cap. */
function hugePage(): Buffer {
  if (!hugeBody) {
    const filler = `<p>${'Filler paragraph of a very long page. '.repeat(20)}</p>\n`.repeat(7_500);
    const late = `<a href="${A}/huge/late">late</a>`;
    hugeBody = Buffer.from(html({ body: `<a href="${A}/huge/early">early</a>${filler}${late}` }));
  }
  return hugeBody;
}

/** Pages that time out, reset, do not exist, are too big, have no backlink, or test evidence text. */
export const failurePages: FixturePage[] = [
  {
    path: '/slow',
    about: 'answers after the check timeout',
    respond: (response) => {
      const timer = setTimeout(
        () => sendHtml(articleWithLink('/slow'))(response, response.req),
        SLOW_PAGE_DELAY_MS,
      );
      response.on('close', () => clearTimeout(timer));
    },
    expect: {
      responseCode: null,
      responseCodeGroup: 4,
      errorCode: 'timeout',
      indexingCapabilityId: 3,
      backlinks: [],
    },
  },
  {
    path: '/reset',
    about: 'the server drops the connection without answering',
    respond: (_response, request) => request.socket.destroy(),
    expect: {
      responseCode: null,
      responseCodeGroup: 2,
      errorCode: 'connection_reset',
      indexingCapabilityId: 3,
      backlinks: [],
    },
  },
  {
    path: '/unknown-host',
    about: 'a host name that does not exist',
    target: () => 'http://no-such-donor.invalid/page',
    expect: {
      responseCode: null,
      responseCodeGroup: 1,
      errorCode: 'dns_not_found',
      indexingCapabilityId: 3,
      backlinks: [],
    },
  },
  {
    path: '/refused',
    about: 'nothing listens on the port',
    target: (web) => web.refusedUrl,
    expect: {
      responseCode: null,
      responseCodeGroup: 2,
      errorCode: 'connection_refused',
      indexingCapabilityId: 3,
      backlinks: [],
    },
  },
  {
    path: '/huge',
    about: 'a page over the 5 MB cap: read up to the cap, parsed, flagged',
    respond: (response) => sendHtml(hugePage())(response, response.req),
    expect: {
      responseCode: 200,
      indexingCapabilityId: 1,
      truncated: true,
      backlinks: [{ href: `${A}/huge/early`, anchor: 'early', attribute: 'dofollow', typeId: 2 }],
    },
  },
  okPage(
    '/no-backlink',
    'links elsewhere only',
    sendHtml(
      html({
        body: '<a href="http://other.example/">other</a> <a href="http://acceptor.example.org/">look-alike</a>',
      }),
    ),
    {
      backlinks: [],
    },
  ),
  okPage(
    '/evidence',
    'evidence skips script and style text and is cut to 100 characters',
    sendHtml(
      html({
        title: 'Evidence',
        body: `<style>.x{color:red}</style><div>${'word '.repeat(40)}</div><script>var hidden = 1;</script><p>Just\n\n before:<a href="${A}/evidence">the   link</a><script>var after = 2;</script>right after${' tail'.repeat(40)}</p>`,
      }),
    ),
    {
      title: 'Evidence',
      backlinks: [
        {
          href: `${A}/evidence`,
          anchor: 'the link',
          attribute: 'dofollow',
          typeId: 2,
          textBefore: `${'word '.repeat(40)}Just before:`.slice(-100).trimStart(),
          textAfter: `right after${' tail'.repeat(40)}`.slice(0, 100).trimEnd(),
        },
      ],
    },
  ),
];
