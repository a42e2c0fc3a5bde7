import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n.ts';
import { meQueryKey } from '@/lib/session.ts';
import { userAttributes } from '@/test/api.ts';
import { ColumnsMenu, DataTable, dataColumns, type Sort, useDataTable } from './DataTable.tsx';

type Row = { id: number; name: string; count: number; note: string };
const twoRows: Row[] = [
  { id: 1, name: 'alpha', count: 3, note: 'first' },
  { id: 2, name: 'beta', count: 5, note: 'second' },
];
const col = dataColumns<Row>();
const columns = [
  col.display({
    id: 'name',
    meta: { label: 'Name', sort: 'name', fixed: true, card: 'lead' },
    cell: ({ row }) => row.original.name,
  }),
  col.display({
    id: 'count',
    sortDescFirst: true,
    meta: { label: 'Count', sort: 'count', card: 'essential' },
    cell: ({ row }) => row.original.count,
  }),
  col.display({ id: 'note', meta: { label: 'Note' }, cell: ({ row }) => row.original.note }),
  col.display({ id: 'extra', meta: { label: 'Extra', defaultHidden: true }, cell: () => 'more' }),
];

function Harness({
  initialSort = null,
  onSort,
  layout = 'table',
  rows = twoRows,
}: {
  initialSort?: Sort;
  onSort?: (sort: Sort) => void;
  layout?: 'auto' | 'table' | 'cards';
  rows?: Row[];
}) {
  const [sort, setSort] = useState<Sort>(initialSort);
  const table = useDataTable({
    name: 'things',
    columns,
    rows,
    rowId: (r) => String(r.id),
    sort,
    onSort: (next) => {
      onSort?.(next);
      setSort(next);
    },
  });
  return (
    <>
      <ColumnsMenu table={table} />
      <DataTable table={table} label="Things" layout={layout} rowProps={(r) => ({ 'data-row': r.name })} />
    </>
  );
}

function renderAs(userId: number | null, ui = <Harness />) {
  const client = new QueryClient();
  if (userId !== null)
    client.setQueryData(meQueryKey, { id: userId, type: 'users', attributes: userAttributes() });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('DataTable', () => {
  it('sorts on the server: a header click asks for the next order and aria-sort follows it', async () => {
    const onSort = vi.fn();
    renderAs(1, <Harness onSort={onSort} />);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Note').hasAttribute('aria-sort')).toBe(false);
    expect(within(header('Note')).queryByRole('button')).toBeNull();

    await userEvent.click(within(header('Name')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ field: 'name', desc: false });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(within(header('Name')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ field: 'name', desc: true });
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');

    // A third click goes back to the list's default order.
    await userEvent.click(within(header('Name')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith(null);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    // Counts start from the largest; the keyboard works as the mouse does.
    within(header('Count')).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith({ field: 'count', desc: true });
    expect(header('Count').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
  });

  it('shows the sort it was given (from the URL)', () => {
    renderAs(1, <Harness initialSort={{ field: 'count', desc: false }} />);
    expect(header('Count').getAttribute('aria-sort')).toBe('ascending');
  });

  it('remembers hidden columns per user and table across remounts', async () => {
    const first = renderAs(7);
    expect(screen.queryByRole('columnheader', { name: 'Extra' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Note' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Extra' }));
    // The menu stays open for the next toggle; the fixed column is not offered.
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Name' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'Note' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Extra' })).toBeTruthy();
    first.unmount();

    const again = renderAs(7);
    expect(screen.queryByRole('columnheader', { name: 'Note' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Extra' })).toBeTruthy();
    again.unmount();

    renderAs(8);
    expect(screen.getByRole('columnheader', { name: 'Note' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Extra' })).toBeNull();
  });

  it('goes back to the default columns from the menu', async () => {
    renderAs(3);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Note' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Default columns' }));
    expect(screen.getByRole('columnheader', { name: 'Note' })).toBeTruthy();
    expect(localStorage.getItem('linkwatch.columns.3.things')).toBeNull();
  });

  it('reads rows as cards, with the essential values even when their column is hidden', async () => {
    renderAs(4, <Harness layout="cards" />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0].getAttribute('data-row')).toBe('alpha');
    expect(within(cards[0]).getByText('Count').nextSibling?.textContent).toBe('3');
    expect(within(cards[0]).getByText('Note')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Count' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Note' }));
    await userEvent.keyboard('{Escape}');
    const card = screen.getAllByRole('listitem')[1];
    expect(within(card).getByText('Count').nextSibling?.textContent).toBe('5');
    expect(within(card).queryByText('Note')).toBeNull();
  });

  it('shows a page of 50 all in the end, the first ten at once and the rest in later renders', async () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      name: `row ${i + 1}`,
      count: i,
      note: '',
    }));
    for (const layout of ['table', 'cards'] as const) {
      const { container, unmount } = renderAs(1, <Harness rows={many} layout={layout} />);
      const shown = () => container.querySelectorAll('[data-row]').length;
      expect(shown(), layout).toBeGreaterThanOrEqual(10);
      await waitFor(() => expect(shown(), layout).toBe(50));
      expect(container.querySelectorAll('[data-row]')[49].getAttribute('data-row')).toBe('row 50');
      unmount();
    }
  });

  it('turns into cards by itself on a narrow screen', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderAs(5, <Harness layout="auto" />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
  it('keeps a cell (and its focus) when the page rebuilds the columns with new state', async () => {
    function Ticks() {
      const [ticked, setTicked] = useState<number[]>([]);
      // New cell functions on every render, as a page's columns are when rows get ticked.
      const cols = [
        col.display({
          id: 'pick',
          meta: { label: 'Pick' },
          cell: ({ row }) => (
            <input
              type="checkbox"
              aria-label={row.original.name}
              checked={ticked.includes(row.original.id)}
              onChange={() => setTicked((t) => [...t, row.original.id])}
            />
          ),
        }),
      ];
      const table = useDataTable({ name: 'ticks', columns: cols, rows: twoRows, rowId: (r) => String(r.id) });
      return <DataTable table={table} layout="table" />;
    }
    renderAs(6, <Ticks />);
    const box = screen.getByRole('checkbox', { name: 'alpha' });
    box.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'alpha' })).toBe(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(box);
  });
});
