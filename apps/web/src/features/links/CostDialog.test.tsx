import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
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

  it('counts the tier 2 links that feed a dead tier 1 page as left out, and includes them when ticked', async () => {
    const api = mockApi({
      'GET actions/2/balance': (call) =>
        call.query?.includeDeadFeeds === 'true'
          ? json(200, { data: { attributes: { cost: 5, price: 1, count: 5, balance: 100, deadFeeds: 3 } } })
          : json(200, { data: { attributes: { cost: 2, price: 1, count: 2, balance: 100, deadFeeds: 3 } } }),
    });
    const { onConfirm } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    expect((await within(dialog).findByTestId('dead-feeds')).textContent).toBe(
      '3 links feed a dead tier 1 page: left out, not charged.',
    );
    expect(within(dialog).getByTestId('task-cost').textContent).toMatch(/2 credits/);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Include them anyway' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('dead-feeds').textContent).toBe(
        '3 links feed a dead tier 1 page: included and charged.',
      ),
    );
    await waitFor(() => expect(within(dialog).getByTestId('task-cost').textContent).toMatch(/5 credits/));
    expect(api.find('GET actions/2/balance').at(-1)?.query?.includeDeadFeeds).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start task' }));
    expect(onConfirm).toHaveBeenCalledWith({ includeDeadFeeds: 'true' });
  });

  it('says nothing of dead tier 1 pages when no selected link feeds one', async () => {
    mockApi({ 'GET actions/2/balance': cost(130) });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    await within(dialog).findByTestId('task-cost');
    expect(within(dialog).queryByTestId('dead-feeds')).toBeNull();
  });

  it('shows what rendering may add before the start: "up to" for missing links, exact for every page', async () => {
    const render = { price: 2, always: 1, missing: 3, cost: 2, maxCost: 8 };
    mockApi({
      'GET actions/2/balance': json(200, {
        data: { attributes: { cost: 4, price: 1, count: 4, balance: 100, render } },
      }),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    const note = await within(dialog).findByTestId('render-price');
    expect(note.querySelector('[data-kind="always"]')?.textContent).toBe(
      '1 page will be rendered in a browser: 2 credits more, charged only when rendered.',
    );
    expect(note.querySelector('[data-kind="missing"]')?.textContent).toBe(
      'Up to 3 pages may be rendered in a browser where the link is not in the HTML: up to 6 credits more, charged only when rendered.',
    );
    // Charged only per page rendered: it does not hold Start back.
    expect((within(dialog).getByRole('button', { name: 'Start task' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it.each([
    ['ru', 'В браузере может быть отрисовано до 5 страниц, где ссылки нет в HTML'],
    ['ua', 'У браузері може бути відтворено до 5 сторінок, де посилання немає в HTML'],
  ])('says it in %s', async (locale, words) => {
    await i18n.changeLanguage(locale);
    try {
      const render = { price: 2, always: 0, missing: 5, cost: 0, maxCost: 10 };
      mockApi({
        'GET actions/2/balance': json(200, {
          data: { attributes: { cost: 5, price: 1, count: 5, balance: 100, render } },
        }),
      });
      renderDialog();
      const note = await screen.findByTestId('render-price');
      expect(note.textContent).toContain(words);
      expect(note.querySelector('[data-kind="always"]')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says nothing of rendering when the preview has none (never, or a server that renders nothing)', async () => {
    mockApi({
      'GET actions/2/balance': json(200, {
        data: { attributes: { cost: 5, price: 1, count: 5, balance: 100, render: null } },
      }),
    });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    await within(dialog).findByTestId('task-cost');
    expect(within(dialog).queryByTestId('render-price')).toBeNull();
  });
});
