import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { sidebarCountKeys } from '@/lib/sidebarCounts.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const page = { currentPage: 1, perPage: 50, total: 1, lastPage: 1 };

function reportLink(overrides: { evidence?: boolean } = {}) {
  return {
    id: 9,
    type: 'reportLinks',
    attributes: {
      url: 'https://blog.example.net/review',
      projectId: 1,
      campaignId: 3,
      campaignName: 'Guest posts',
      actionId: 41,
      actorName: 'Ada',
      linkId: 5,
      createdAt: '2026-03-01T10:00:00.000Z',
      seen: false,
      evidence: overrides.evidence ?? false,
      changes: [
        {
          id: 1,
          reportLinkId: 9,
          changesType: 'responseCode',
          changesTypeText: 'Response code',
          old: '200',
          new: '404',
          oldTitle: null,
          newTitle: null,
          title: null,
          count: 1,
          status: 1,
        },
        {
          id: 2,
          reportLinkId: 9,
          changesType: 'rel',
          changesTypeText: 'Rel attribute',
          old: 'dofollow',
          new: 'nofollow',
          oldTitle: null,
          newTitle: null,
          title: null,
          count: 1,
          status: 1,
        },
        {
          id: 3,
          reportLinkId: 9,
          changesType: 'refund',
          changesTypeText: 'Refunded',
          old: null,
          new: '5',
          oldTitle: null,
          newTitle: null,
          title: null,
          count: 1,
          status: 1,
        },
      ],
    },
    relationships: {},
  };
}

function countsReply() {
  return json(200, {
    data: {
      id: 0,
      type: 'reportCounts',
      attributes: { total: 1, unseen: 1, new: 0, lost: 0, changes: 2, types: { responseCode: 1, rel: 1 } },
    },
  });
}

describe('report page', () => {
  it('asks for a project before loading anything, then shows the changes and marks them seen', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET reports/new': json(200, { data: { count: 3 } }),
      'GET projects': json(200, {
        data: [
          { id: 1, type: 'projects', attributes: { name: 'Demo Shop' } },
          { id: 2, type: 'projects', attributes: { name: 'Second Shop' } },
        ],
        meta: { page },
      }),
      'GET campaigns': json(200, { data: [], meta: { page } }),
      'GET reports/links': json(200, { data: [reportLink()], included: [], meta: { page } }),
      'GET reports/counts': json(200, {
        data: {
          id: 0,
          type: 'reportCounts',
          attributes: {
            total: 1,
            unseen: 1,
            new: 0,
            lost: 0,
            changes: 2,
            types: { responseCode: 1, rel: 1 },
          },
        },
      }),
      'POST reports/actions': json(200, { data: { count: 0 } }),
    });
    const app = renderApp('/en/report');

    // The lazy page chunk is compiled on first use: allow for a slow first load.
    expect(await screen.findByText('Please, select a project.', {}, { timeout: 10_000 })).toBeTruthy();
    const linkCalls = () =>
      server.fetchMock.mock.calls.filter(([url]) => String(url).includes('reports/links'));
    expect(linkCalls()).toHaveLength(0);

    const project = await screen.findByRole('combobox', { name: 'Project' });
    await screen.findByRole('option', { name: 'Demo Shop' });
    fireEvent.change(project, { target: { value: '1' } });

    expect(await screen.findByText('https://blog.example.net/review', {}, { timeout: 5_000 })).toBeTruthy();
    expect(String(linkCalls()[0][0])).toContain('filter[project]=1');
    expect(screen.queryByText('Please, select a project.')).toBeNull();
    // Who started the check (issue 27) is on the item's line.
    expect(screen.getByText(/Check started by Ada/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show changes of https://blog.example.net/review' }));
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('nofollow')).toBeTruthy();
    expect(
      screen.getByText('Still not indexed at the re-check after being sent for indexing: 5 credits refunded'),
    ).toBeTruthy();
    // No evidence kept for this change: nothing asked for, no evidence badge.
    expect(screen.queryByText('Evidence')).toBeNull();
    expect(server.calls.some((c) => c.path.includes('evidence'))).toBe(false);

    await waitFor(() => expect(server.find('POST reports/actions')).toHaveLength(1));
    expect(server.find('POST reports/actions')[0].body).toEqual({ actions: [41] });
    await waitFor(() => expect(app.queryClient.getQueryData(sidebarCountKeys.reports)).toBe(0));
  });

  it('preselects the project when the user has only one', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET reports/new': json(200, { data: { count: 3 } }),
      'GET projects': json(200, {
        data: [{ id: 1, type: 'projects', attributes: { name: 'Demo Shop' } }],
        meta: { page },
      }),
      'GET campaigns': json(200, { data: [], meta: { page } }),
      'GET reports/links': json(200, { data: [reportLink()], included: [], meta: { page } }),
      'GET reports/counts': countsReply(),
      'POST reports/actions': json(200, { data: { count: 0 } }),
    });
    renderApp('/en/report');

    expect(await screen.findByText('https://blog.example.net/review', {}, { timeout: 10_000 })).toBeTruthy();
    const linkCalls = server.fetchMock.mock.calls.filter(([url]) => String(url).includes('reports/links'));
    expect(String(linkCalls[0][0])).toContain('filter[project]=1');
    expect(screen.queryByText('Please, select a project.')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement).value).toBe('1');
  });

  it('shows the evidence of a change, before and after, with the PDF sheet, once the row is expanded', async () => {
    resetTokenForTests('tok');
    const state = {
      url: 'https://blog.example.net/review',
      finalUrl: null,
      responseCodeGroup: 2,
      indexingCapabilityId: 1,
      headers: null,
      backlinks: [],
      shot: null,
    };
    const server = mockApi({
      'GET user/me': meReply(),
      'GET reports/new': json(200, { data: { count: 0 } }),
      'GET projects': json(200, {
        data: [{ id: 1, type: 'projects', attributes: { name: 'Demo Shop' } }],
        meta: { page },
      }),
      'GET campaigns': json(200, { data: [], meta: { page } }),
      'GET reports/links': json(200, {
        data: [reportLink({ evidence: true })],
        included: [],
        meta: { page },
      }),
      'GET reports/counts': countsReply(),
      'POST reports/actions': json(200, { data: { count: 0 } }),
      'GET reports/links/9/evidence': json(200, {
        data: [
          {
            id: 71,
            createdAt: '2026-03-01T10:00:00.000Z',
            changes: [{ changesType: 'responseCode', old: '200', new: '404' }],
            before: { ...state, at: '2026-02-20T08:00:00.000Z', responseCode: 200, shotMissing: 'not_kept' },
            after: { ...state, at: '2026-03-01T10:00:00.000Z', responseCode: 404, shotMissing: 'no_browser' },
          },
        ],
        meta: { linkId: 5, retentionDays: 180 },
      }),
      'GET links/5/evidence.pdf': json(200, {}),
    });
    URL.createObjectURL = vi.fn(() => 'blob:sheet');
    URL.revokeObjectURL = vi.fn();
    renderApp('/en/report');

    expect(await screen.findByText('https://blog.example.net/review', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Evidence')).toBeTruthy();
    // Read only for an expanded row: a page of 50 rows does not load 100 screenshots.
    expect(server.find('GET reports/links/9/evidence')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show changes of https://blog.example.net/review' }));

    const evidence = await screen.findByRole('region', { name: 'Evidence' });
    expect(within(evidence).getByText('Response code changed: 200 → 404')).toBeTruthy();
    const before = await within(evidence).findByRole('region', { name: 'Before' });
    const after = within(evidence).getByRole('region', { name: 'After' });
    expect(within(before).getByText('200')).toBeTruthy();
    expect(within(after).getByText('404')).toBeTruthy();
    expect(within(after).getByText(/no browser is configured on this server/)).toBeTruthy();
    fireEvent.click(within(evidence).getByRole('button', { name: 'Export evidence (PDF)' }));
    await waitFor(() => expect(server.find('GET links/5/evidence.pdf')).toHaveLength(1));
    expect(server.find('GET links/5/evidence.pdf')[0].query).toEqual({ evidence: '71' });
  });
});
