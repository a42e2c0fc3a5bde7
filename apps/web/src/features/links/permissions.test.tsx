import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { memberWithAllBut, OWNER_ACCOUNT } from '@/test/accounts.ts';
import { json, mockApi } from '@/test/api.ts';
import { renderWithProviders } from '@/test/renderApp.tsx';
import type { Link } from './api/links.ts';
import { BulkBar } from './BulkBar.tsx';
import { LinkIndexing } from './LinkChecks.tsx';
import { ListToolbar } from './ListPageParts.tsx';

/**
 * Issue 27: the web app hides what the current account's role does not allow (the server refuses it
 * with a 403 anyway); the owner, who holds every permission, sees everything.
 */

const prices = json(200, {
  data: [{ id: 2, type: 'actionPrices', attributes: { action: 2, price: 1, customPrice: false } }],
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.restoreAllMocks());

function renderLinkControls() {
  return renderWithProviders(
    <MemoryRouter>
      <ListToolbar
        indexHistoryTo="/en/x"
        domainsTo="/en/y"
        onSettings={() => {}}
        onExport={() => {}}
        onUpload={() => {}}
      />
      <BulkBar type="active" selected={[11]} scope={{ campaign: 5 }} onClear={() => {}} projectId={3} />
    </MemoryRouter>,
  );
}

describe('controls follow the member’s permissions (issue 27)', { timeout: 20_000 }, () => {
  it('a member without links.manage sees no upload, no list moves, no removal and no disavow', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/accounts': memberWithAllBut('links.manage'),
      'GET actions/prices': prices,
    });
    renderLinkControls();
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload links' })).toBeNull());
    // Checks are tasks (tasks.start, held); moves and removal change the links.
    const select = screen.getByRole('combobox', { name: 'Action' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toContain('checkBacklinks');
    expect(options).not.toContain('move');
    expect(options).not.toContain('remove');
    expect(options).not.toContain('addToHistory');
    expect(screen.queryByRole('button', { name: 'Add to disavow' })).toBeNull();
    // Settings change the campaign: projects.manage, which this member holds.
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('a member with neither links.manage nor tasks.start gets no bulk bar at all', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/accounts': memberWithAllBut('links.manage', 'tasks.start', 'projects.manage'),
      'GET actions/prices': prices,
    });
    renderLinkControls();
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Action' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Upload links' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('the owner sees upload, settings, every bulk action and disavow', async () => {
    resetTokenForTests('tok');
    const server = mockApi({ 'GET user/accounts': OWNER_ACCOUNT, 'GET actions/prices': prices });
    renderLinkControls();
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    // Still there once the accounts are read (and from the first render: no flicker for the owner).
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Upload links' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to disavow' })).toBeTruthy();
    const options = within(screen.getByRole('combobox', { name: 'Action' }))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(expect.arrayContaining(['checkBacklinks', 'addToHistory', 'move', 'remove']));
  });
});

const link = {
  id: 11,
  type: 'links',
  attributes: {
    num: 1,
    url: 'https://donor.example.org/a',
    urlWithoutDomain: '/a',
    urlWithoutProtocol: 'donor.example.org/a',
    title: null,
    comment: null,
    countBacklinks: 0,
    countBacklinksT2: 0,
    dateAddIndex: null,
    dateCheckData: null,
    dateCheckIndexing: '2026-11-02T10:00:00.000Z',
    disallow: false,
    history: false,
    listType: 2,
    indexing: 1,
    indexingText: 'Indexed',
    indexingCapabilityId: null,
    indexingCapabilityText: null,
    metaRobots: null,
    responseCode: 200,
    responseCodeGroup: null,
    responseCodeGroupText: null,
    notReadReason: null,
    notReadReasonText: null,
    linkStatus: 'ok',
    linkStatusText: 'OK',
    pageVerdictText: null,
    semRushULinks: 0,
    pa: 0,
    redirect: null,
    campaignId: 7,
    projectId: 3,
    tier: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
} as unknown as Link;

const history = [
  {
    id: 1,
    type: 'indexHistories',
    attributes: { createdAt: '2026-11-02T10:00:00.000Z', valueText: 'Indexed', provider: 'google' },
  },
] as unknown as Parameters<typeof LinkIndexing>[0]['history'];

describe('the link drawer’s indexing section follows tasks.start (issue 27)', { timeout: 20_000 }, () => {
  it('a member without tasks.start reads the history but has no re-check', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/accounts': memberWithAllBut('tasks.start'),
      'GET actions/prices': prices,
    });
    renderWithProviders(<LinkIndexing link={link} history={history} />);
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Check indexing' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Index history' })).toBeTruthy();
  });

  it('the owner has the re-check', async () => {
    resetTokenForTests('tok');
    const server = mockApi({ 'GET user/accounts': OWNER_ACCOUNT, 'GET actions/prices': prices });
    renderWithProviders(<LinkIndexing link={link} history={history} />);
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Check indexing' })).toBeTruthy();
  });
});
