import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { StartCheckDialog } from './StartCheckDialog.tsx';

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/en/tasks']}>
      <QueryClientProvider client={client}>
        <StartCheckDialog open onOpenChange={() => {}} initialProject="1" initialCampaign="5" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const cost = (render: unknown) =>
  json(200, {
    data: { attributes: { cost: 10, price: 1, count: 10, balance: 100, selected: 10, skipped: [], render } },
  });

describe('the start-a-check dialog (issue 31: the rendered check price)', () => {
  it('says before the start what rendering may add, without holding Start back', async () => {
    mockApi({ 'GET actions/2/balance': cost({ price: 2, always: 0, missing: 10, cost: 0, maxCost: 20 }) });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const note = await within(dialog).findByTestId('render-price');
    expect(note.textContent).toBe(
      'Up to 10 pages may be rendered in a browser where the link is not in the HTML: up to 20 credits more, charged only when rendered.',
    );
    expect(within(dialog).getByTestId('check-cost').textContent).toMatch(/10 credits/);
  });

  it('says nothing of it when nothing would be rendered', async () => {
    mockApi({ 'GET actions/2/balance': cost(null) });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('check-cost');
    expect(within(dialog).queryByTestId('render-price')).toBeNull();
  });
});
