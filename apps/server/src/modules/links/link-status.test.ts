import { ActionCode } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import { donorHtml } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { withAppAndDonorWeb } from '../../test/test-app.ts';

const env = withAppAndDonorWeb();

const acceptor = 'shop.example.com';
const withLink = donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] });
const withoutLink = donorHtml({ links: ['<a href="https://elsewhere.com/">x</a>'] });

/** A campaign whose pages are: with the link, without it, a 404, a 503, and a host that does not resolve. */
async function checkedCampaign() {
  const prefix = `/s${Date.now()}`;
  env.web.set(`${prefix}/with`, withLink);
  env.web.set(`${prefix}/without`, withoutLink);
  env.web.set(`${prefix}/down`, { status: 503, body: 'down' });
  const { user, token } = await makeUserWithToken(env.t.db, { balance: 100 });
  const project = await makeProject(env.t.db, { userId: user.id, domains: [acceptor] });
  const campaign = await makeCampaign(env.t.db, { userId: user.id, projectId: project.id, name: 'Posts' });
  const urls = {
    with: env.web.url(`${prefix}/with`),
    without: env.web.url(`${prefix}/without`),
    gone: env.web.url(`${prefix}/gone`),
    down: env.web.url(`${prefix}/down`),
    unreachable: `http://donor-${Date.now()}.invalid/post`,
  };
  await makeLinks(env.t.db, { campaign, urls: Object.values(urls) });
  const check = async () => {
    const start = await env.t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
      {
        token,
      },
    );
    expect(start.status).toBe(201);
    await env.t.drain();
  };
  await check();
  const list = async (query = '', locale = 'en') => {
    const res = await env.t.api('GET', `links?filter[campaign]=${campaign.id}${query}`, { token, locale });
    expect(res.status).toBe(200);
    type Attributes = Record<string, unknown> & { url: string };
    const rows = res.body.data.map((l: { attributes: Attributes }) => l.attributes) as Attributes[];
    return { rows, byUrl: (url: string) => rows.find((r) => r.url === url)! };
  };
  return { token, campaign, urls, check, list, prefix };
}

describe('link status: what the last check read', () => {
  it('tells a page with the link, a page without it and pages that could not be read apart', async () => {
    const s = await checkedCampaign();
    const { byUrl } = await s.list();
    expect(byUrl(s.urls.with)).toMatchObject({
      linkStatus: 'found',
      linkStatusText: 'Link found',
      pageVerdictText: 'Allow',
      responseCode: 200,
    });
    // The page answers 200, so its code stays green: the link column says what is wrong.
    expect(byUrl(s.urls.without)).toMatchObject({
      linkStatus: 'missing',
      linkStatusText: 'Link missing',
      responseCode: 200,
      countBacklinks: 0,
    });
    expect(byUrl(s.urls.gone)).toMatchObject({
      linkStatus: 'unread',
      responseCode: 404,
      pageVerdictText: 'Not found (404)',
      indexingCapabilityText: 'Forbidden', // the spec's field keeps the checker's verdict
    });
    expect(byUrl(s.urls.down)).toMatchObject({ linkStatus: 'unread', pageVerdictText: 'Server error (503)' });
    expect(byUrl(s.urls.unreachable)).toMatchObject({
      linkStatus: 'unread',
      linkStatusText: 'Page not read',
      responseCode: null,
      responseCodeGroup: 1,
      responseCodeGroupText: 'Could not resolve host',
      pageVerdictText: 'Page not fetched',
    });

    const ru = await s.list('', 'ru');
    expect(ru.byUrl(s.urls.without)).toMatchObject({ linkStatusText: 'Ссылка отсутствует' });
    expect(ru.byUrl(s.urls.gone)).toMatchObject({ pageVerdictText: 'Не найдена (404)' });
    const ua = await s.list('', 'ua');
    expect(ua.byUrl(s.urls.unreachable)).toMatchObject({ pageVerdictText: 'Не завантажено' });
  });

  it('filters by link status and counts each one in the summary', async () => {
    const s = await checkedCampaign();
    const urlsOf = async (status: string) =>
      (await s.list(`&filter[linkStatus]=${status}`)).rows.map((r) => r.url).sort();
    expect(await urlsOf('found')).toEqual([s.urls.with]);
    expect(await urlsOf('missing')).toEqual([s.urls.without]);
    expect(await urlsOf('unread')).toEqual([s.urls.gone, s.urls.down, s.urls.unreachable].sort());
    expect(await urlsOf('unchecked')).toEqual([]);
    const bad = await env.t.api('GET', `links?filter[campaign]=${s.campaign.id}&filter[linkStatus]=lost`, {
      token: s.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty(['filter.linkStatus']);

    const codes = await env.t.api('GET', `links/codes?filter[campaign]=${s.campaign.id}`, { token: s.token });
    expect(codes.body.data.attributes).toMatchObject({ found: 1, missing: 1, unread: 3, good: 2 });
    const missingCount = await env.t.api(
      'GET',
      `links/count?filter[campaign]=${s.campaign.id}&filter[linkStatus]=missing`,
      { token: s.token },
    );
    expect(missingCount.body.data.count).toBe(1);
  });

  it('reports a link that was there as missing only after two checks in a row without it', async () => {
    const s = await checkedCampaign();
    env.web.set(`${s.prefix}/with`, withoutLink);
    await s.check();
    // One miss may be a bad fetch: the link still reads as found, with the backlink kept.
    expect((await s.list()).byUrl(s.urls.with)).toMatchObject({ linkStatus: 'found', countBacklinks: 1 });
    await s.check();
    expect((await s.list()).byUrl(s.urls.with)).toMatchObject({ linkStatus: 'missing', countBacklinks: 0 });

    // A page that then cannot be fetched reads as not read, not as missing.
    env.web.set(`${s.prefix}/with`, { status: 500, body: 'oops' });
    await s.check();
    expect((await s.list()).byUrl(s.urls.with)).toMatchObject({
      linkStatus: 'unread',
      pageVerdictText: 'Server error (500)',
    });
  });

  it('starts a changed page over as unchecked', async () => {
    const s = await checkedCampaign();
    const found = await env.t.api('GET', `links?filter[campaign]=${s.campaign.id}&filter[linkStatus]=found`, {
      token: s.token,
    });
    const moved = await env.t.api('PUT', `links/${found.body.data[0].id}`, {
      token: s.token,
      body: { url: 'moved.example.com/post', comment: '' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({ linkStatus: 'unchecked', pageVerdictText: null });
    expect((await s.list('&filter[linkStatus]=unchecked')).rows.map((r) => r.url)).toEqual([
      'http://moved.example.com/post',
    ]);
  });
});

describe('one vocabulary of link states (issue 25, point 2)', () => {
  /** The table row, the side panel's history and the export of one campaign's links after one check. */
  async function firstCheckWithRobotsBlock(locale: 'en' | 'ru' | 'ua') {
    const s = await checkedCampaign();
    env.web.set('/robots.txt', {
      body: `User-agent: *\nDisallow: ${s.prefix}/blocked\n`,
      headers: { 'content-type': 'text/plain' },
    });
    env.web.set(`${s.prefix}/blocked`, withLink);
    const blocked = env.web.url(`${s.prefix}/blocked`);
    await makeLinks(env.t.db, { campaign: s.campaign, urls: [blocked] });
    try {
      await s.check();
    } finally {
      env.web.set('/robots.txt', 'User-agent: *\nAllow: /\n');
    }
    const res = await env.t.api('GET', `links?filter[campaign]=${s.campaign.id}`, { token: s.token, locale });
    type Row = Record<string, unknown> & { id: number; url: string };
    const rows: Row[] = res.body.data.map((l: { id: number; attributes: Row }) => ({
      ...l.attributes,
      id: l.id,
    }));
    const history = async (linkId: number) => {
      const res = await env.t.api('GET', `links/${linkId}?include=histories`, { token: s.token, locale });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      type Included = { type: string; attributes: Record<string, unknown> };
      const included = res.body.included as Included[];
      return included.filter((i) => i.type === 'backlinkCheckHistories').map((i) => i.attributes);
    };
    return { ...s, rows, blocked, history };
  }

  it.each([
    ['en', 'Blocked by robots.txt'],
    ['ru', 'Закрыта в robots.txt'],
    ['ua', 'Закрита в robots.txt'],
  ] as const)(
    'a page robots.txt shuts out says why in the code cell, not "200" (%s)',
    async (locale, why) => {
      const s = await firstCheckWithRobotsBlock(locale);
      const row = s.rows.find((r) => r.url === s.blocked)!;
      expect(row).toMatchObject({ linkStatus: 'unread', responseCode: 200, notReadReason: 'robotsTxt' });
      expect(row.notReadReasonText).toBe(why);
      // A page that answered and was read has no reason to give: its code says it.
      expect(s.rows.find((r) => r.url === s.urls.without)).toMatchObject({ notReadReasonText: null });

      const csv = await env.t.app.inject({
        method: 'GET',
        url: `/api/links/export?format=csv&filter[campaign]=${s.campaign.id}`,
        headers: { authorization: `Bearer ${s.token}`, 'x-localization': locale },
      });
      const line = csv.body.split('\n').find((l) => l.startsWith(s.blocked))!;
      expect(line.split(',')[2]).toBe(why);
    },
  );

  it.each([
    ['en', { found: 'Link found', missing: 'Link missing', unread: 'Page not read' }],
    ['ru', { found: 'Ссылка найдена', missing: 'Ссылка отсутствует', unread: 'Страница не прочитана' }],
    ['ua', { found: 'Посилання знайдено', missing: 'Посилання відсутнє', unread: 'Сторінку не прочитано' }],
  ] as const)('the check history names each state as the table does (%s)', async (locale, words) => {
    const s = await firstCheckWithRobotsBlock(locale);
    for (const row of s.rows) {
      const [entry] = await s.history(row.id);
      expect(entry, row.url).toMatchObject({ linkStatus: row.linkStatus, statusText: row.linkStatusText });
      expect(entry.notReadReasonText).toBe(row.notReadReasonText);
      expect(entry.responseCodeGroupText).toBe(row.responseCodeGroupText);
    }
    const textOf = (url: string) => s.rows.find((r) => r.url === url)!.linkStatusText;
    // Never found (a 404, a host that does not resolve, robots.txt) is not "Lost"; a missing link is not "Active".
    expect([textOf(s.urls.gone), textOf(s.urls.unreachable), textOf(s.blocked)]).toEqual([
      words.unread,
      words.unread,
      words.unread,
    ]);
    expect(textOf(s.urls.without)).toBe(words.missing);
    expect(textOf(s.urls.with)).toBe(words.found);
  });
});
