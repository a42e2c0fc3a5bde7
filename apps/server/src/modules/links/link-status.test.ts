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
