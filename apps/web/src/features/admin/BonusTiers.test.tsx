import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const levels = json(200, {
  data: [
    { id: 1, type: 'paymentLevels', attributes: { min: 100, max: 499.99, percent: 10 } },
    { id: 2, type: 'paymentLevels', attributes: { min: 500, max: null, percent: 15 } },
  ],
});

function server(put: Parameters<typeof mockApi>[0][string]) {
  resetTokenForTests('tok');
  return mockApi({
    'GET user/me': meReply({ isAdmin: true }),
    'GET admin/prices': json(200, { data: [] }),
    'GET payments/levels': levels,
    'PUT admin/payment-levels': put,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the console’s bonus tiers', { timeout: 30_000 }, () => {
  it('adds a tier in a dialog and shows the server’s 422 at the field of the tier at fault', async () => {
    const api = server(
      json(422, {
        message: 'The given data was invalid.',
        errors: { 'levels.2.min': ['This tier overlaps the tier from $500 to ∞'] },
      }),
    );
    renderApp('/en/admin/prices');
    const table = await screen.findByRole('table', { name: 'Bonus tiers' }, { timeout: 15_000 });
    expect(await within(table).findByText('No limit', {}, { timeout: 10_000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bonus tier' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText('From, $'), { target: { value: '600' } });
    fireEvent.change(within(dialog).getByLabelText('Bonus, %'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT admin/payment-levels')).toHaveLength(1));
    expect(api.find('PUT admin/payment-levels')[0].body).toEqual({
      levels: [
        { min: 100, max: 499.99, percent: 10 },
        { min: 500, max: null, percent: 15 },
        { min: 600, max: null, percent: 20 },
      ],
    });
    expect(await within(dialog).findByText('This tier overlaps the tier from $500 to ∞')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New bonus tier' })).toBeTruthy();
  });

  it('asks before deleting a tier, then sends the others', async () => {
    const api = server(json(200, true));
    renderApp('/en/admin/prices');
    const table = await screen.findByRole('table', { name: 'Bonus tiers' }, { timeout: 15_000 });
    fireEvent.click(
      (await within(table).findAllByRole('button', { name: 'Delete' }, { timeout: 10_000 }))[0],
    );
    const confirm = await screen.findByRole(
      'dialog',
      { name: 'Delete the tier from $100?' },
      { timeout: 10_000 },
    );
    expect(api.find('PUT admin/payment-levels')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.find('PUT admin/payment-levels')).toHaveLength(1));
    expect(api.find('PUT admin/payment-levels')[0].body).toEqual({
      levels: [{ min: 500, max: null, percent: 15 }],
    });
  });
});
