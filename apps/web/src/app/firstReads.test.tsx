import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takeEarlyRead } from '@/api/http.ts';
import { resetTokenForTests } from '@/api/token.ts';
import { useRecentTasks } from '@/features/tasks/api/tasks.ts';
import { useBalance } from '@/lib/balance.ts';
import { fetchMe, meQueryKey } from '@/lib/session.ts';
import { useSettingsQuery } from '@/lib/settings.ts';
import { json, mockApi } from '@/test/api.ts';
import { firstReadsOf, sendFirstReads } from './firstReads.ts';
import { prefetchCampaignPage, prefetchDashboardPage } from './prefetchCampaign.ts';

const ok = json(200, { data: { id: 1, attributes: {} } });
const answers = () =>
  mockApi({
    'GET user/me': ok,
    'GET campaigns/7': ok,
    'GET links/counts': ok,
    'GET links/codes': ok,
    'GET links/statistic': ok,
    'GET links': json(200, { data: [], meta: {} }),
    'GET actions/list': json(200, { data: [] }),
    'GET projects': json(200, { data: [], meta: {} }),
    'GET projects/statistic': ok,
    'GET user/balance': json(200, { data: { balance: 5 } }),
    'GET settings': ok,
    'GET user/accounts': json(200, { data: [] }),
    'GET actions': json(200, { data: [], meta: {} }),
  });

/** The frame's reads (account menu, notice). */
function Frame() {
  useBalance();
  useSettingsQuery();
  return null;
}

/** A campaign page's latest tasks besides. */
function CampaignFrame({ campaign }: { campaign: string }) {
  useRecentTasks({ campaign }, { live: true });
  return <Frame />;
}

/** Sends the first reads of a cold load of `location`, then lets the app start as main.tsx does. */
async function coldLoad(location: { pathname: string; search: string }, campaign?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  sendFirstReads(location);
  await new Promise((resolve) => setTimeout(resolve));
  void client.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe });
  prefetchCampaignPage(client, location);
  prefetchDashboardPage(client, location.pathname);
  render(
    <QueryClientProvider client={client}>
      {campaign ? <CampaignFrame campaign={campaign} /> : <Frame />}
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const FRAME = ['settings', 'user/accounts', 'user/balance', 'user/me'];

describe('a cold load’s first reads', () => {
  it('are the ones the campaign page asks for: each sent once, in the page’s language, with the token', async () => {
    resetTokenForTests('tok-1');
    const server = answers();
    await coldLoad(
      { pathname: '/ru/campaign/active/1/7', search: '?size=100&page=2&sort=-url&code=bad' },
      '7',
    );
    const campaign = [
      'actions',
      'actions/list',
      'campaigns/7',
      'links',
      'links/codes',
      'links/counts',
      'links/statistic',
    ];
    expect(server.calls.map((c) => c.path).sort()).toEqual([...campaign, ...FRAME].sort());
    expect(server.calls.every((c) => c.headers['x-localization'] === 'ru')).toBe(true);
    expect(server.calls.every((c) => c.headers.Authorization === 'Bearer tok-1')).toBe(true);
    expect(server.find('GET links')[0].query).toMatchObject({ 'filter[responseCodeGroup]': 'bad' });
    // All in one call, which the app's own calls took their answers from.
    expect(server.fetchMock.mock.calls.map(([url]) => String(url).split('?')[0])).toEqual(['/api/batch']);
  });

  it('are the ones the dashboard asks for, each sent once', async () => {
    resetTokenForTests('tok-1');
    const server = answers();
    await coldLoad({ pathname: '/en', search: '' });
    const dashboard = ['links/codes', 'projects', 'projects/statistic'];
    expect(server.calls.map((c) => c.path).sort()).toEqual([...dashboard, ...FRAME].sort());
  });

  it.each([
    '/en/profile',
    '/en/campaign/1/7/index-history',
    '/en/campaign/active/1/x',
    '/en/project/active/1/7',
  ])('are the user alone on %s', (pathname) => {
    expect(firstReadsOf({ pathname, search: '' })).toEqual([{ path: 'user/me' }]);
  });

  it.each([
    ['/campaign/7', 2],
    ['/en/campaign/history/7', 1],
    ['/en/campaign/2/7', 2],
    ['/ua/campaign/disallow/2/7/', 3],
  ])('read the campaign of %s, list type %i', (pathname, type) => {
    const reads = firstReadsOf({ pathname, search: '' });
    expect(reads).toContainEqual({ path: 'campaigns/7' });
    expect(reads).toContainEqual({
      path: 'links/codes',
      query: { 'filter[campaign]': '7', 'filter[type]': type },
    });
  });

  it('are not sent without a session', async () => {
    const server = answers();
    sendFirstReads({ pathname: '/en', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);
    expect(takeEarlyRead('/api/user/me')).toBeUndefined();
  });
});
