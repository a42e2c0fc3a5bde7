import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { ProjectGraph } from './GraphView.tsx';

/** The site, two tier 1 pages and two tier 2 pages. */
const graph = {
  project: { id: 1, name: 'Shop', mainDomain: 'shop.example' },
  nodes: {
    id: ['site', 't1-10', 't1-11', 't2-20', 't2-21'],
    kind: ['site', 'tier1', 'tier1', 'tier2', 'tier2'],
    label: [
      'shop.example',
      'https://blog.example/review',
      'https://news.example/story',
      'https://forum.example/thread',
      'https://blog.example/other',
    ],
    state: ['ok', 'ok', 'missing', 'ok', 'missing'],
    linkId: [null, 10, 11, 20, 21],
  },
  edges: { source: [0, 0, 1], target: [1, 2, 3] },
  counts: {
    state: { ok: 2, missing: 2, error: 0, not_indexed: 0, unchecked: 0, feeds_dead: 0 },
    kind: { tier1: 2, tier2: 2 },
  },
};

let search = '';
const OK = 'Link in place';
const MISSING = 'Link missing';
function Where() {
  search = useLocation().search;
  return null;
}

function renderAt(path: string) {
  mockApi({ 'GET projects/1/graph': json(200, { data: graph }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <ProjectGraph project="1" />
        <Where />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the graph filter kept in the address', () => {
  it('starts from the address: tier, states and text', async () => {
    renderAt('/en/graph/1?tier=tier2&states=missing&q=blog');
    const shown = await screen.findByTestId('graph-shown');
    // Only the tier 2 page that is missing and whose URL has "blog".
    await waitFor(() => expect(shown.textContent).toMatch(/^1 of 4\b/));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('blog');
    expect((screen.getByRole('checkbox', { name: MISSING }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: OK }) as HTMLInputElement).checked).toBe(false);
  });

  it('writes what the customer changes back into the address', async () => {
    renderAt('/en/graph/1');
    await screen.findByTestId('graph-shown');
    expect(search).toBe('');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'news' } });
    await waitFor(() => expect(new URLSearchParams(search).get('q')).toBe('news'));
    fireEvent.click(screen.getByRole('checkbox', { name: OK }));
    await waitFor(() => expect(new URLSearchParams(search).get('states')?.split(',')).not.toContain('ok'));
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(search).toBe(''));
  });
});
