import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, mockApi } from '@/test/api.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { LinkCrawlerRecords } from './LinkCrawlerRecords.tsx';

const item = (id: number, attributes: Record<string, unknown>) => ({
  id,
  type: 'crawlers',
  attributes: {
    link: 'https://blog.example/post',
    targetUrl: null,
    anchor: null,
    nofollow: null,
    seenOn: null,
    tracked: true,
    lastSeenAt: '2026-03-04T10:00:00.000Z',
    removedAt: null,
    ...attributes,
  },
});

describe('the link panel’s crawler section', () => {
  it('says which source sees the page since when, and which lost it', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET links/9': json(200, {
        data: { id: 9, type: 'links', attributes: {} },
        included: [
          { id: 1, type: 'backlinks', attributes: {} },
          item(3, {
            source: 1,
            sourceText: 'Backlink database',
            status: 2,
            statusText: 'Active',
            firstSeenAt: '2026-03-01T10:00:00.000Z',
          }),
          item(4, {
            source: 2,
            sourceText: 'Search console',
            status: 3,
            statusText: 'RIP',
            firstSeenAt: '2026-02-01T10:00:00.000Z',
            removedAt: '2026-03-03T10:00:00.000Z',
          }),
        ],
      }),
    });
    renderWithProviders(<LinkCrawlerRecords linkId={9} />);
    const list = await screen.findByRole('list', { name: 'Crawler data' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'ActiveSeen by Backlink database since Mar 1, 2026last seen Mar 4, 2026',
      'RIPRIP in Search console since Mar 3, 2026',
    ]);
    expect(server.calls[0].path).toBe('links/9');
  });

  it('says so when no crawler reported the page', async () => {
    resetTokenForTests('tok');
    mockApi({ 'GET links/9': json(200, { data: { id: 9, type: 'links', attributes: {} }, included: [] }) });
    renderWithProviders(<LinkCrawlerRecords linkId={9} />);
    expect(await screen.findByText('No crawler has reported this page yet.')).toBeTruthy();
  });
});
