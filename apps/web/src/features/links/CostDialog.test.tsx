import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { CostDialog } from './CostDialog.tsx';

function renderDialog() {
  const onConfirm = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/en/campaign/active/1/5']}>
      <QueryClientProvider client={client}>
        <CostDialog
          open
          onOpenChange={() => {}}
          code={2}
          title="Check backlinks"
          query={{ campaign: 5, links: [1, 2] }}
          pending={false}
          onConfirm={onConfirm}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onConfirm };
}

const cost = (balance: number) =>
  json(200, { data: { attributes: { cost: 130, price: 1, count: 130, balance } } });

describe('the cost dialog of a bulk task', () => {
  it('disables Start when the balance falls short and links to the balance page with the missing amount', async () => {
    mockApi({ 'GET actions/2/balance': cost(100) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    expect(await within(dialog).findByText(/30 credits missing for this task\./)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Start task' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByRole('link', { name: 'Top up balance' }).getAttribute('href')).toBe(
      '/en/balance?amount=30',
    );
  });

  it('lets a covered task start', async () => {
    mockApi({ 'GET actions/2/balance': cost(130) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    await within(dialog).findByTestId('task-cost');
    expect((within(dialog).getByRole('button', { name: 'Start task' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(within(dialog).queryByRole('link', { name: 'Top up balance' })).toBeNull();
  });
});
