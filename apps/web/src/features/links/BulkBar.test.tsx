import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useNotices } from '@/lib/notices.ts';
import { json, mockApi } from '@/test/api.ts';
import { BulkBar } from './BulkBar.tsx';
import type { ListType } from './route.ts';

function Notices() {
  return (
    <ul>
      {useNotices().map((n) => (
        <li key={n.id} data-kind={n.kind}>
          <strong>{n.message}</strong> {n.description}
        </li>
      ))}
    </ul>
  );
}

function renderBar({ type = 'active', selected = [11, 12] }: { type?: ListType; selected?: number[] } = {}) {
  const onClear = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BulkBar type={type} selected={selected} scope={{ campaign: 5 }} onClear={onClear} />
      <Notices />
    </QueryClientProvider>,
  );
  return { onClear };
}

const task = (actionId: number, statusId = 1) =>
  json(201, { data: { id: 9, attributes: { actionId, statusId, totalCount: 2, message: null } } });

/**
 * A task started unfinished is polled (api/bulk.ts useTaskWatcher) until it ends, past the component's
 * unmount: the test answers it finished and waits for that read, so the poll does not reach the next
 * test's (or file's) server.
 */
async function watchedToTheEnd(server: ReturnType<typeof mockApi>) {
  await waitFor(() => expect(server.find('GET actions/9')).toHaveLength(1), { timeout: 5_000 });
}

const actionTypes = json(200, {
  data: [
    {
      id: 2,
      type: 'actionTypes',
      attributes: {
        id: 2,
        name: 'Check backlinks',
        available: true,
        unavailableReason: null,
        demoNote: null,
      },
    },
    {
      id: 1,
      type: 'actionTypes',
      attributes: {
        id: 1,
        name: 'Check indexing',
        available: false,
        unavailableReason: 'No index check provider is configured',
        demoNote: null,
      },
    },
  ],
});
const prices = json(200, {
  data: [
    { id: 1, type: 'actionPrices', attributes: { action: 1, price: 2, customPrice: false } },
    { id: 2, type: 'actionPrices', attributes: { action: 2, price: 1, customPrice: false } },
  ],
});

describe('selected-count bar and bulk actions', { timeout: 15_000 }, () => {
  it('lists the paid checks with their price, and one without a service disabled with the reason', async () => {
    mockApi({ 'GET actions/list': actionTypes, 'GET actions/prices': prices });
    renderBar();
    const select = screen.getByRole('combobox', { name: 'Action' });
    expect(
      await within(select).findByRole('option', { name: 'Check backlinks · 1 credit per link' }),
    ).toBeTruthy();
    const indexing = within(select).getByRole('option', {
      name: 'Check indexing — No index check provider is configured',
    }) as HTMLOptionElement;
    expect(indexing.disabled).toBe(true);
  });

  it('is hidden with nothing selected', () => {
    mockApi({});
    renderBar({ selected: [] });
    expect(screen.queryByText(/selected/)).toBeNull();
  });

  it('offers the moves of the tab and starts the task with the selected links', async () => {
    const server = mockApi({ 'POST actions/6/start': task(6), 'GET actions/9': task(6) });
    const user = userEvent.setup();
    const { onClear } = renderBar();
    expect(screen.getByText('2 links selected')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Action' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Choose an action',
      'Check backlinks',
      'Check indexing',
      'Add to index',
      'Check authority',
      'Move to history',
      'Move to disallow',
      'Move to another campaign',
      'Remove',
    ]);
    await user.selectOptions(select, 'Move to history');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Task "Move to history" started for 2 links.')).toBeTruthy();
    const url = String(
      server.fetchMock.mock.calls.find((c) => String(c[0]).includes('actions/6/start'))?.[0],
    );
    expect(url).toBe('/api/actions/6/start?campaign=5&links[]=11&links[]=12');
    expect(onClear).toHaveBeenCalled();
  });

  it('history offers recovery, not another move to history', () => {
    mockApi({});
    renderBar({ type: 'history' });
    const options = within(screen.getByRole('combobox', { name: 'Action' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Recover from history');
    expect(options).not.toContain('Move to history');
  });

  it('shows the cost of a backlink check before starting it', async () => {
    const server = mockApi({
      'GET actions/2/balance': json(200, {
        data: { attributes: { cost: 6, price: 3, count: 2, balance: 100 } },
      }),
      'POST actions/2/start': task(2, 0),
      'GET actions/9': task(2, 1),
    });
    const user = userEvent.setup();
    renderBar();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Check backlinks');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check backlinks' });
    expect(await within(dialog).findByText(/costs 6 credits\. Your balance: 100 credits/)).toBeTruthy();
    expect(server.find('POST actions/2/start')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Start task' }));
    expect(await screen.findByText('Task "Check backlinks" started for 2 links.')).toBeTruthy();
    await watchedToTheEnd(server);
  });

  it('asks for an indexing request’s drip feed and starts it with the chosen days', async () => {
    const server = mockApi({
      'GET actions/3/balance': json(200, {
        data: {
          attributes: {
            cost: 5,
            price: 5,
            count: 1,
            balance: 100,
            selected: 2,
            skipped: [{ reason: 'indexed', count: 1, title: 'already indexed' }],
          },
        },
      }),
      'POST actions/3/start': json(201, {
        data: { id: 9, attributes: { actionId: 3, statusId: 2, totalCount: 1 } },
      }),
      'GET actions/9': json(200, {
        data: { id: 9, attributes: { actionId: 3, statusId: 1, totalCount: 1 } },
      }),
    });
    const user = userEvent.setup();
    renderBar();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Add to index');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to index' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Spread over' }), '3 days');
    await user.click(within(dialog).getByRole('button', { name: 'Start task' }));

    // The notice counts the page sent, not the one left out.
    expect(await screen.findByText('Task "Add to index" started for 1 link.')).toBeTruthy();
    const url = String(
      server.fetchMock.mock.calls.find((c) => String(c[0]).includes('actions/3/start'))?.[0],
    );
    expect(url).toBe('/api/actions/3/start?campaign=5&links[]=11&links[]=12&days=3');
    await watchedToTheEnd(server);
  });

  it('asks before removing and shows a server refusal as an error notice', async () => {
    mockApi({
      'POST actions/7/start': json(422, {
        message: 'Task already started',
        hint: 'Please wait while current task will be finished and try again',
      }),
    });
    const user = userEvent.setup();
    renderBar();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Remove');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove 2 links?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    const notice = (await screen.findByText('Task already started')).closest('[data-kind]');
    expect(notice?.getAttribute('data-kind')).toBe('error');
    // spec 8: the message comes with its hint under it.
    expect(notice?.textContent).toContain('Please wait while current task will be finished and try again');
  });
});
