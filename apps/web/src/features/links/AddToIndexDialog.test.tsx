import type { TActionCost } from '@linkwatch/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { AddToIndexDialog } from './AddToIndexDialog.tsx';

function renderDialog() {
  const onConfirm = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/en/campaign/active/1/5']}>
      <QueryClientProvider client={client}>
        <AddToIndexDialog
          open
          onOpenChange={() => {}}
          query={{ campaign: 5, links: [1, 2, 3, 4, 5, 6] }}
          pending={false}
          onConfirm={onConfirm}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onConfirm };
}

function cost(overrides: Partial<TActionCost>) {
  const attributes: TActionCost = {
    cost: 5,
    price: 5,
    count: 1,
    balance: 100,
    selected: 6,
    skipped: [
      { reason: 'indexed', count: 3, title: 'already indexed' },
      { reason: 'robots', count: 2, title: 'blocked by robots.txt' },
    ],
    ...overrides,
  };
  return json(200, { data: { type: 'actionCosts', attributes } });
}

const startButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Start task' }) as HTMLButtonElement;

describe('the indexing request’s confirmation', () => {
  it('shows how many pages are sent and charged, and each left-out reason with its count', async () => {
    mockApi({ 'GET actions/3/balance': cost({}) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add to index' });
    const summary = await within(dialog).findByTestId('task-cost');
    const line = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(line('Selected pages')).toBe('6');
    expect(line('Left out')).toBe('5');
    expect(line('To be sent and charged')).toBe('1');
    expect(line('Total cost')).toBe('5 credits');

    const reasons = within(dialog).getByRole('region', { name: 'Left out, not charged' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3already indexed', '2blocked by robots.txt']);
    expect(startButton(dialog).disabled).toBe(false);
  });

  it('offers the drip feed with the spec’s advice, 2 days first, and sends the chosen days', async () => {
    mockApi({ 'GET actions/3/balance': cost({}) });
    const user = userEvent.setup();
    const { onConfirm } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add to index' });
    const days = (await within(dialog).findByRole('combobox', { name: 'Spread over' })) as HTMLSelectElement;
    expect(days.value).toBe('2');
    expect(
      within(days)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 day (all at once)', '2 days', '3 days', '5 days', '7 days', '14 days']);
    const advice = document.getElementById(days.getAttribute('aria-describedby') ?? '');
    expect(advice?.textContent).toBe('Indexing advice: spread over at least 2 days.');

    await user.selectOptions(days, '5 days');
    await user.click(startButton(dialog));
    // No dead tier 1 feeds to include: nothing beyond the days.
    expect(onConfirm).toHaveBeenCalledWith(5, {});
  });

  it('keeps Start off and says why when every selected page is left out', async () => {
    mockApi({
      'GET actions/3/balance': cost({
        cost: 0,
        count: 0,
        selected: 2,
        skipped: [{ reason: 'notOk', count: 2, title: 'did not answer 200' }],
      }),
    });
    const user = userEvent.setup();
    const { onConfirm } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add to index' });
    const reason = await within(dialog).findByText(/None of the selected pages can be sent for indexing/);
    const start = startButton(dialog);
    expect(start.disabled).toBe(true);
    expect(document.getElementById(start.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      reason.textContent,
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Spread over' })).toBeNull();
    await user.click(start);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps Start off when the balance does not cover the pages that would be sent', async () => {
    mockApi({ 'GET actions/3/balance': cost({ cost: 30, count: 6, selected: 6, skipped: [], balance: 10 }) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Add to index' });
    expect(await within(dialog).findByText(/20 credits missing for this task\./)).toBeTruthy();
    expect(startButton(dialog).disabled).toBe(true);
    expect(within(dialog).queryByRole('region', { name: 'Left out, not charged' })).toBeNull();
  });
});
