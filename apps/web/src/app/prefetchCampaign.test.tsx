import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLinkCodes, useLinkCounts, useLinkStatistic, useLinks } from '@/features/links/api/links.ts';
import { listQueryFromSearch } from '@/features/links/listQuery.ts';
import {
  useCampaign,
  useProjectOptions,
  useProjectStatistic,
  useProjects,
} from '@/features/projects/api/projects.ts';
import { useTaskTypes } from '@/features/tasks/api/tasks.ts';
import { json, mockApi } from '@/test/api.ts';
import { prefetchCampaignPage, prefetchDashboardPage } from './prefetchCampaign.ts';

const READS = [
  'GET campaigns/7',
  'GET links/counts',
  'GET links/codes',
  'GET links/statistic',
  'GET actions/list',
  'GET links',
];

function answers() {
  return mockApi({
    'GET campaigns/7': json(200, {
      data: { id: 7, type: 'campaigns', attributes: { name: 'Spring', tier: 1 } },
    }),
    'GET links/counts': json(200, { data: { attributes: { active: 3, history: 0, disallow: 0 } } }),
    'GET links/codes': json(200, { data: { attributes: { good: 1, bad: 0, unchecked: 2 } } }),
    'GET links/statistic': json(200, { data: { attributes: { total: 3, indexing: [] } } }),
    'GET actions/list': json(200, { data: [] }),
    'GET links': json(200, {
      data: [],
      meta: { page: { currentPage: 2, perPage: 100, total: 0, lastPage: 1 } },
    }),
  });
}

/** The hooks of the campaign page's first screen, with the scope CampaignPage gives them. */
function FirstScreen() {
  const scope = { 'filter[campaign]': '7' };
  const list = { ...scope, 'filter[type]': 2 };
  const reads = [
    useCampaign('7'),
    useLinkCounts(scope),
    useLinkCodes(list),
    useLinkStatistic(list),
    useTaskTypes(),
    useLinks(listQueryFromSearch({ base: list, search: '?page=2&size=100&sort=-url' })),
  ];
  return <p>{reads.every((read) => read.isSuccess) ? 'all in' : 'waiting'}</p>;
}

describe('campaign page prefetch', () => {
  it('asks for the first screen once, under the keys the page hooks read', async () => {
    const api = answers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchCampaignPage(client, {
      pathname: '/ru/campaign/active/1/7',
      search: '?size=100&page=2&sort=-url',
    });
    await waitFor(() => expect(client.isFetching()).toBe(0));
    render(
      <QueryClientProvider client={client}>
        <FirstScreen />
      </QueryClientProvider>,
    );
    expect(screen.getByText('all in')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([...READS].sort());
    expect(api.find('GET links/codes')[0].path).toBe('links/codes');
  });

  it.each(['/campaign/7', '/en/campaign/2/7', '/campaign/history/1/7'])(
    'reads the campaign of %s',
    async (path) => {
      const api = answers();
      prefetchCampaignPage(new QueryClient(), { pathname: path });
      await waitFor(() => expect(api.find('GET campaigns/7')).toHaveLength(1));
    },
  );

  it.each(['/en', '/en/campaign/1/7/index-history', '/en/project/active/1/7', '/en/campaign/active/1/x'])(
    'asks for nothing on %s',
    async (path) => {
      const api = answers();
      prefetchCampaignPage(new QueryClient(), { pathname: path });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.calls).toHaveLength(0);
    },
  );
});

function dashboardAnswers() {
  return mockApi({
    'GET projects': json(200, {
      data: [{ id: 1, type: 'projects', attributes: { name: 'Shop' } }],
      meta: { page: { currentPage: 1, perPage: 100, total: 1, lastPage: 1 } },
    }),
    'GET projects/statistic': json(200, { data: { attributes: { companies: 1, total: 3 } } }),
    'GET links/codes': json(200, { data: { attributes: { good: 1, bad: 0, unchecked: 2 } } }),
  });
}

/** The dashboard's reads, and the sidebar's project options, which are the same first page of projects. */
function Dashboard() {
  const reads = [useProjects(), useProjectStatistic(), useLinkCodes({}), useProjectOptions()];
  return <p>{reads.every((read) => read.isSuccess) ? 'all in' : 'waiting'}</p>;
}

describe('dashboard prefetch', () => {
  it('asks for the dashboard once, and the sidebar options read the same projects', async () => {
    const api = dashboardAnswers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchDashboardPage(client, '/en');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    render(
      <QueryClientProvider client={client}>
        <Dashboard />
      </QueryClientProvider>,
    );
    expect(screen.getByText('all in')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(
      ['GET links/codes', 'GET projects', 'GET projects/statistic'].sort(),
    );
  });

  it.each(['/en/', '/ru', '/'])('reads the dashboard of %s', async (path) => {
    const api = dashboardAnswers();
    prefetchDashboardPage(new QueryClient(), path);
    await waitFor(() => expect(api.find('GET projects')).toHaveLength(1));
  });

  it.each(['/en/profile', '/en/campaign/active/1/7', '/english'])('asks for nothing on %s', async (path) => {
    const api = dashboardAnswers();
    prefetchDashboardPage(new QueryClient(), path);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(0);
  });
});
