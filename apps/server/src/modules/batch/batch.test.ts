import { BATCH_MAX_READS } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLinks, makeWorkspace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const batchOf = (urls: string[]) => `batch?${urls.map((url) => `url=${encodeURIComponent(url)}`).join('&')}`;

describe('GET batch', () => {
  it('answers each read as the call alone answers it, in the order asked', async () => {
    const { token, campaign } = await makeWorkspace(t.db);
    await makeLinks(t.db, { campaign, urls: ['https://donor.example/a', 'https://donor.example/b'] });
    const reads = [
      'user/me',
      `campaigns/${campaign.id}`,
      `links?filter[campaign]=${campaign.id}&page[number]=1&page[size]=50`,
      `links/counts?filter[campaign]=${campaign.id}`,
      'user/balance',
      'settings',
    ];
    const res = await t.api('GET', batchOf(reads.map((path) => `/api/${path}`)), { token, locale: 'ru' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((read: { url: string }) => read.url)).toEqual(
      reads.map((path) => `/api/${path}`),
    );
    for (const [i, path] of reads.entries()) {
      const alone = await t.api('GET', path, { token, locale: 'ru' });
      expect(res.body.data[i]).toEqual({ url: `/api/${path}`, status: alone.status, body: alone.body });
    }
    expect(res.body.data[2].body.data).toHaveLength(2);
  });

  it("keeps each read to the caller's own: another user's campaign is not found inside, in the caller's language", async () => {
    const mine = await makeWorkspace(t.db);
    const theirs = await makeWorkspace(t.db);
    const res = await t.api('GET', batchOf([`/api/campaigns/${theirs.campaign.id}`, '/api/user/me']), {
      token: mine.token,
      locale: 'ua',
    });
    const alone = await t.api('GET', `campaigns/${theirs.campaign.id}`, { token: mine.token, locale: 'ua' });
    expect(alone.status).toBe(404);
    expect(res.body.data[0]).toEqual({
      url: `/api/campaigns/${theirs.campaign.id}`,
      status: 404,
      body: alone.body,
    });
    expect(res.body.data[1].body.data.id).toBe(mine.user.id);
  });

  it('is for signed-in users: a guest is refused before any read is made', async () => {
    const res = await t.api('GET', batchOf(['/api/settings']));
    expect(res.status).toBe(401);
  });

  it.each([
    ['nothing to read', []],
    ['a path outside the API', ['/assets/index.js']],
    ['a batch inside a batch', ['/api/batch?url=/api/user/me']],
    ['a path leaving the API', ['/api/../assets/index.js']],
    ['a full URL', ['http://example.com/api/user/me']],
    ['more reads than allowed', Array.from({ length: BATCH_MAX_READS + 1 }, () => '/api/user/me')],
  ])('refuses %s with a field error', async (_, urls) => {
    const { token } = await makeWorkspace(t.db);
    const res = await t.api('GET', urls.length ? batchOf(urls) : 'batch', { token });
    expect(res.status).toBe(422);
    // The list's own limits under `url`, a read's under `url.{index}`.
    expect(Object.keys(res.body.errors)).toEqual([
      urls.length && urls.length <= BATCH_MAX_READS ? 'url.0' : 'url',
    ]);
  });
});

describe('GET batch with an API key', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { API_KEY_RATE_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("counts each read against the key's rate limit, as the calls alone would be", async () => {
    const { token } = await makeWorkspace(limited.db);
    const made = await limited.api('POST', 'user/api-keys', {
      token,
      body: { name: 'tool', scopes: ['read'] },
    });
    expect(made.status, made.text).toBe(201);
    const key = made.body.data.attributes.token;
    // The batch is the key's first call; of its three reads, sent at once, two pass and one is refused.
    const res = await limited.api('GET', batchOf(['/api/user/me', '/api/settings', '/api/projects']), {
      token: key,
    });
    expect(res.status).toBe(200);
    const statuses = res.body.data.map((read: { status: number }) => read.status);
    expect(statuses.sort()).toEqual([200, 200, 429]);
  });
});
