import {
  articleBacklink,
  articleWithLink,
  type FixturePage,
  okPage,
  redirectTo,
  sendHtml,
} from './common.ts';

/** A 301→302→200 chain, a loop, and chains of 1 to 7 hops (more than 5 fail). */
export const redirectPages: FixturePage[] = [
  {
    path: '/redirect/chain',
    about: '301 then 302 then the page',
    respond: redirectTo('/redirect/step-2', 301),
    expect: {
      responseCode: 301,
      indexingCapabilityId: 1,
      redirect: '/redirect/final',
      redirectChain: [
        ['/redirect/chain', 301],
        ['/redirect/step-2', 302],
        ['/redirect/final', 200],
      ],
      backlinks: [articleBacklink('/redirect/final')],
    },
  },
  {
    path: '/redirect/step-2',
    about: 'second hop, relative Location',
    respond: redirectTo('final', 302),
    expect: {
      responseCode: 302,
      indexingCapabilityId: 1,
      redirect: '/redirect/final',
      backlinks: [articleBacklink('/redirect/final')],
    },
  },
  okPage('/redirect/final', 'end of the redirect chain', sendHtml(articleWithLink('/redirect/final'))),
  {
    path: '/redirect/loop-a',
    about: 'a redirect loop',
    respond: redirectTo('/redirect/loop-b', 301),
    expect: {
      responseCode: 301,
      responseCodeGroup: 3,
      errorCode: 'redirect_loop',
      indexingCapabilityId: 3,
      redirectChain: [
        ['/redirect/loop-a', 301],
        ['/redirect/loop-b', 302],
      ],
      backlinks: [],
    },
  },
  {
    path: '/redirect/loop-b',
    about: 'the other half of the loop',
    respond: redirectTo('/redirect/loop-a', 302),
    expect: {
      responseCode: 302,
      responseCodeGroup: 3,
      errorCode: 'redirect_loop',
      indexingCapabilityId: 3,
      backlinks: [],
    },
  },
  ...Array.from({ length: 8 }, (_, hops): FixturePage => {
    const path = `/redirect/hops/${hops}`;
    if (hops === 0) return okPage(path, 'end of the long chain', sendHtml(articleWithLink(path)));
    const tooMany = hops > 5;
    return {
      path,
      about: `${hops} redirects before the page`,
      respond: redirectTo(`/redirect/hops/${hops - 1}`, 302),
      expect: tooMany
        ? {
            responseCode: 302,
            responseCodeGroup: 3,
            errorCode: 'too_many_redirects',
            indexingCapabilityId: 3,
            backlinks: [],
          }
        : {
            responseCode: 302,
            indexingCapabilityId: 1,
            redirect: '/redirect/hops/0',
            backlinks: [articleBacklink('/redirect/hops/0')],
          },
    };
  }),
];
