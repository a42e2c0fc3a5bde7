import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { AnchorDistribution } from './AnchorDistribution.tsx';

function renderDistribution() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AnchorDistribution scope={{ 'filter[project]': '3', 'filter[tier]': 1 }} />
    </QueryClientProvider>,
  );
}

const chart = (items: { key: string; value: number; title: string }[], other: number, total: number) =>
  json(200, { data: { attributes: { items, other, total } } });
const info = (kinds: { key: string; value: number; title: string }[]) =>
  json(200, { data: { attributes: { anchors: 3, backlinks: 10, links: 8, kinds } } });

describe('anchor distribution', () => {
  it('bars the top anchors with their share, the rest as other anchors, and the types in the legend order', async () => {
    const api = mockApi({
      'GET anchors/chart': chart(
        [
          { key: 'best shoes', value: 6, title: 'best shoes' },
          { key: '', value: 2, title: '(no anchor)' },
        ],
        2,
        10,
      ),
      'GET anchors/chart/info': info([
        { key: 'url', value: 1, title: 'URL anchors' },
        { key: 'empty', value: 2, title: 'Empty anchors' },
        { key: 'text', value: 6, title: 'Text anchors' },
        { key: 'brand', value: 1, title: 'Brand anchors' },
      ]),
    });
    const { container } = renderDistribution();
    const top = await screen.findByRole('list', { name: 'Share of backlinks per anchor' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['best shoes6 · 60%', '(no anchor)2 · 20%', 'Other anchors2 · 20%']);
    await screen.findByRole('img', { name: 'Backlinks per anchor type' }, { timeout: 10_000 });
    expect(
      [...container.querySelectorAll('li[data-series]')].map((li) => li.getAttribute('data-series')),
    ).toEqual(['text', 'brand', 'url', 'empty']);
    const url = new URL(
      String(api.find('GET anchors/chart').length && api.fetchMock.mock.calls[0][0]),
      'http://x',
    );
    expect(url.searchParams.get('filter[project]')).toBe('3');
  }, 15_000);

  it('stays away while no backlink is read (the table says to run a check)', async () => {
    const api = mockApi({
      'GET anchors/chart': chart([], 0, 0),
      'GET anchors/chart/info': info([]),
    });
    const { container } = renderDistribution();
    await waitFor(() => expect(api.find('GET anchors/chart')).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
