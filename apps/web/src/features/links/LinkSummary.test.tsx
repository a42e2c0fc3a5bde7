import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Query } from '@/api/client.ts';
import { json, mockApi } from '@/test/api.ts';
import { LinkSummary } from './LinkSummary.tsx';

const statistic = (total: number) =>
  json(200, {
    data: {
      attributes: {
        total,
        indexing: [
          { key: 1, value: 0, title: 'Indexed' },
          { key: 2, value: 0, title: 'Not indexed' },
        ],
        backlinkTypes: [],
        indexCapability: [],
        attributes: [],
      },
    },
  });
const codes = (c: { good: number; bad: number; unchecked: number; found?: number; missing?: number }) =>
  json(200, { data: { attributes: { codes: [], groups: [], found: 0, missing: 0, unread: 0, ...c } } });
const days = (rows: Record<string, number>[]) =>
  rows.map((r, n) => ({ date: `2026-03-${String(n + 1).padStart(2, '0')}`, ...r }));

function renderSummary(query: Query = { 'filter[campaign]': 7, 'filter[type]': 2 }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LinkSummary query={query} />
    </QueryClientProvider>,
  );
}

describe('links summary', () => {
  it('says to run a check, naming the header button, while links exist and none is checked', async () => {
    const api = mockApi({
      'GET links/statistic': statistic(4),
      'GET links/codes': codes({ good: 0, bad: 0, unchecked: 4 }),
      'GET links/chart': json(200, {
        data: { attributes: { days: days([{ added: 4, checked: 0, indexed: 0 }]) } },
      }),
      'GET reports/trend': json(200, { data: { attributes: { days: days([{ found: 0, lost: 0 }]) } } }),
    });
    renderSummary();
    expect((await screen.findByText('No link is checked yet')).textContent).toBe('No link is checked yet');
    expect(screen.getByText(/Run a check with "Check backlinks" at the top of this page/)).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(api.find('GET reports/trend')).toHaveLength(1);
  });

  it('says how to add links when the list has none, naming the upload button on the active list only', async () => {
    mockApi({
      'GET links/statistic': statistic(0),
      'GET links/codes': codes({ good: 0, bad: 0, unchecked: 0 }),
      'GET links/chart': json(200, { data: { attributes: { days: days([]) } } }),
      'GET reports/trend': json(200, { data: { attributes: { days: days([]) } } }),
    });
    renderSummary();
    expect(await screen.findByText('Nothing to chart yet')).toBeTruthy();
    expect(screen.getByText(/Upload links with "Upload links" at the top of this page/)).toBeTruthy();
    expect(screen.queryByText('No link is checked yet')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    cleanup();
    renderSummary({ 'filter[campaign]': 7, 'filter[type]': 1 });
    expect(await screen.findByText('Nothing to chart yet')).toBeTruthy();
    expect(
      screen.getByText('The charts fill in once this list has links and they are checked.'),
    ).toBeTruthy();
  });

  it('shows the 30-day activity and the campaign found/lost trend once links are checked', async () => {
    const api = mockApi({
      'GET links/statistic': statistic(3),
      'GET links/codes': codes({ good: 2, bad: 0, unchecked: 1, found: 2 }),
      'GET links/chart': json(200, {
        data: {
          attributes: {
            days: days([
              { added: 3, checked: 0, indexed: 0 },
              { added: 0, checked: 2, indexed: 0 },
            ]),
          },
        },
      }),
      'GET reports/trend': json(200, {
        data: {
          attributes: {
            days: days([
              { found: 0, lost: 0 },
              { found: 2, lost: 1 },
            ]),
          },
        },
      }),
    });
    renderSummary();
    const trend = await screen.findByRole('slider', {
      name: 'Backlinks found and lost per day over the last 30 days',
    });
    expect(trend.getAttribute('aria-valuetext')).toBe('Mar 2, 2026: Found 2, Lost 1');
    const activity = screen.getByRole('slider', {
      name: 'Links added, checked and found indexed per day over the last 30 days',
    });
    expect(activity.getAttribute('aria-valuetext')).toBe('Mar 2, 2026: Added 0, Checked 2, Indexed 0');
    expect(screen.queryByText('No link is checked yet')).toBeNull();
    const url = new URL(
      String(api.fetchMock.mock.calls.find(([u]) => String(u).includes('reports/trend'))?.[0]),
      'http://x',
    );
    expect(url.searchParams.get('filter[campaign]')).toBe('7');
    expect(url.searchParams.has('filter[type]')).toBe(false);
  });

  describe('below the fold', () => {
    let reveal: (() => void) | undefined;
    afterEach(() => vi.unstubAllGlobals());

    /** An IntersectionObserver whose element stays out of view until reveal(). */
    function stubObserver() {
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
          observe() {
            reveal = () => this.callback([{ isIntersecting: true }]);
          }
          disconnect() {}
        },
      );
    }

    it('asks for the charts only once they come into view, the figures at once', async () => {
      stubObserver();
      const api = mockApi({
        'GET links/statistic': statistic(4),
        'GET links/codes': codes({ good: 4, bad: 0, unchecked: 0 }),
        'GET links/chart': json(200, {
          data: { attributes: { days: days([{ added: 4, checked: 4, indexed: 0 }]) } },
        }),
        'GET reports/trend': json(200, { data: { attributes: { days: days([{ found: 1, lost: 0 }]) } } }),
      });
      renderSummary();
      await waitFor(() => expect(api.find('GET links/codes')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(api.find('GET links/chart')).toHaveLength(0);
      expect(api.find('GET reports/trend')).toHaveLength(0);
      act(() => reveal?.());
      await waitFor(() => expect(api.find('GET links/chart')).toHaveLength(1));
      expect(api.find('GET reports/trend')).toHaveLength(1);
    });
  });
});
