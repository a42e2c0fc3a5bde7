import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { consoleServer, page } from './test/consoleApi.ts';

afterEach(() => vi.restoreAllMocks());

const row = {
  kind: 'user.credits',
  actorId: 1,
  actorEmail: 'ops@example.com',
  targetUserId: 5,
  targetEmail: 'shop@example.com',
  subject: null,
  before: { balance: 100 },
  after: { balance: 130, amount: 30 },
  reason: 'goodwill',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('the console’s audit log', { timeout: 90_000 }, () => {
  it('lists who changed what with the reason, and filters by kind through the URL and the call', async () => {
    const api = consoleServer({
      'GET admin/audit': (call) =>
        json(200, {
          data:
            call.query?.['filter[kind]'] === 'settings.update'
              ? []
              : [{ id: 9, type: 'auditRows', attributes: row }],
          meta: { page: page(1) },
        }),
    });
    renderApp('/en/admin/audit');

    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 45_000 });
    const reason = await within(table).findByText('goodwill', {}, { timeout: 10_000 });
    const line = reason.closest('tr') as HTMLElement;
    expect(within(line).getByText('ops@example.com')).toBeTruthy();
    expect(within(line).getByRole('link', { name: 'shop@example.com' })).toBeTruthy();
    expect(within(line).getByText('Credits')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Change'), { target: { value: 'settings.update' } });
    await waitFor(() =>
      expect(api.find('GET admin/audit').some((c) => c.query?.['filter[kind]'] === 'settings.update')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('No change matches.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
