import {
  type Cell,
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createColumnHelper,
  functionalUpdate,
  type Header,
  type ReactTable,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown, Columns3 } from 'lucide-react';
import {
  Fragment,
  type HTMLAttributes,
  type ReactNode,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/session.ts';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import {
  DropdownMenu,
  DropdownMenuCheckItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from './DropdownMenu.tsx';
import { Skeleton } from './Spinner.tsx';
import { useMediaQuery } from './useMediaQuery.ts';

/** What a column tells the table beyond its cell: its name, its server sort, its place on a card. */
export type DataColumnMeta = {
  /** The column's name: the header (unless it has its own), the Columns menu, the card's label. */
  label: string;
  /** The API's `sort` field; the header becomes a button that sorts by it. */
  sort?: string;
  /** Shown only when the user turns it on in the Columns menu. */
  defaultHidden?: boolean;
  /** Always shown; left out of the Columns menu. */
  fixed?: boolean;
  align?: 'right';
  /** Classes of the column's cells (widths, truncation). */
  className?: string;
  headerClassName?: string;
  /**
   * Its place on a card (phone width): `select` beside the lead, `lead` the card's title, `field` a
   * labelled value (when visible), `essential` a labelled value even when hidden in the table,
   * `footer` under the values (buttons), `none` left out.
   */
  card?: 'select' | 'lead' | 'field' | 'essential' | 'footer' | 'none';
  /** A card field as wide as the card (long values: URLs, lists). */
  cardWide?: boolean;
};

const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataColumnMeta,
});
type Features = typeof features;

// biome-ignore lint/suspicious/noExplicitAny: a column's value type varies from column to column
export type DataColumn<T extends RowData> = ColumnDef<Features, T, any>;
export type DataTableInstance<T extends RowData> = ReactTable<Features, T>;
/** One server sort: `sort=field` or `sort=-field`; null is the list's default order. */
export type Sort = { field: string; desc: boolean } | null;

/** Column definitions typed for the DataTable (`columns.display({ id, meta, cell })`). */
export function dataColumns<T extends RowData>() {
  return createColumnHelper<Features, T>();
}

/** `sort` query value ⇄ Sort. */
export function parseSort(value: string | null | undefined, fields: readonly string[]): Sort {
  if (!value) return null;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return fields.includes(field) ? { field, desc } : null;
}
export function sortParam(sort: Sort): string | null {
  return sort ? `${sort.desc ? '-' : ''}${sort.field}` : null;
}

const metaOf = <T extends RowData>(column: { columnDef: DataColumn<T> }): DataColumnMeta =>
  column.columnDef.meta ?? { label: '' };

/** The visibility of a table's columns, remembered in this browser per signed-in user and table. */
function useStoredVisibility(name: string, defaults: ColumnVisibilityState) {
  const userId = useMe().data?.id;
  const key = userId === undefined ? null : `linkwatch.columns.${userId}.${name}`;
  const [local, setLocal] = useState<Record<string, ColumnVisibilityState>>({});
  const slot = key ?? '';
  const saved = local[slot] ?? (key ? readVisibility(key) : null) ?? {};
  const value = { ...defaults, ...saved };
  const set = (updater: Updater<ColumnVisibilityState>) => {
    const next = functionalUpdate(updater, value);
    if (key) localStorage.setItem(key, JSON.stringify(next));
    setLocal((current) => ({ ...current, [slot]: next }));
  };
  const reset = () => {
    if (key) localStorage.removeItem(key);
    setLocal((current) => ({ ...current, [slot]: {} }));
  };
  return { value, set, reset };
}

function readVisibility(key: string): ColumnVisibilityState | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean'));
  } catch {
    return null;
  }
}

type UseDataTableOptions<T extends RowData> = {
  /** Names the table in the remembered column choice (`links`, `tasks`…). */
  name: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** The server's order of the rows; a sortable header click asks for another with onSort. */
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  /** Clicking the sorted column a third time goes back to the default order (false: it flips only). */
  clearable?: boolean;
};

/**
 * A headless table (TanStack Table) over rows the server already sorted and paged: the sort lives in
 * the page's URL state, the visible columns in localStorage.
 */
export function useDataTable<T extends RowData>({
  name,
  columns,
  rows,
  rowId,
  sort = null,
  onSort,
  clearable = true,
}: UseDataTableOptions<T>) {
  const sortable = Boolean(onSort);
  const defs = useMemo(
    () =>
      columns.map((column): DataColumn<T> => {
        const meta = column.meta ?? { label: '' };
        return {
          // TanStack sorts only columns with a value; the server sorts here, so a placeholder will do.
          ...(meta.sort ? { accessorFn: () => null } : {}),
          ...column,
          header: column.header ?? meta.label,
          enableSorting: Boolean(meta.sort && sortable),
          enableHiding: !meta.fixed,
        } as DataColumn<T>;
      }),
    [columns, sortable],
  );
  const defaults = useMemo(
    () => Object.fromEntries(defs.map((c) => [String(c.id), !c.meta?.defaultHidden])),
    [defs],
  );
  const visibility = useStoredVisibility(name, defaults);
  const sortedId = sort ? defs.find((c) => c.meta?.sort === sort.field)?.id : undefined;
  const sorting: SortingState = sort && sortedId ? [{ id: String(sortedId), desc: sort.desc }] : [];
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row) => rowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: clearable,
    // Ascending first unless a column says otherwise (counts and dates start from the largest).
    sortDescFirst: false,
    state: { sorting, columnVisibility: visibility.value },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      const column = next ? defs.find((c) => String(c.id) === next.id) : undefined;
      onSort?.(next && column?.meta?.sort ? { field: column.meta.sort, desc: next.desc } : null);
    },
    onColumnVisibilityChange: visibility.set,
  });
  return Object.assign(table, { resetVisibility: visibility.reset });
}

type Table<T extends RowData> = ReturnType<typeof useDataTable<T>>;

/** The small "Columns" menu: a check item per column the user may hide, and a reset. */
export function ColumnsMenu<T extends RowData>({ table }: { table: Table<T> }) {
  const { t } = useTranslation();
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  if (hideable.length === 0) return null;
  return (
    <DropdownMenu
      trigger={
        <Button variant="ghost" size="sm" icon={<Columns3 className="size-4" aria-hidden />}>
          {t('common.table.columns')}
        </Button>
      }
    >
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('common.table.showColumns')}</DropdownMenuLabel>
        {hideable.map((column) => (
          <DropdownMenuCheckItem
            key={column.id}
            checked={column.getIsVisible()}
            onSelect={(event) => {
              event.preventDefault();
              column.toggleVisibility();
            }}
          >
            {metaOf(column).label}
          </DropdownMenuCheckItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={table.resetVisibility}>{t('common.table.resetColumns')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Row attributes: `selected` paints and marks the row; data-* attributes are kept for tests and styling. */
export type RowProps = { selected?: boolean; className?: string } & {
  [data: `data-${string}`]: string | number | boolean | undefined;
};

type DataTableProps<T extends RowData> = {
  table: Table<T>;
  /** The accessible name of the table (or of the card list). */
  label?: string;
  rowProps?: (row: T) => RowProps;
  loading?: boolean;
  /** Shown instead of rows when there are none (empty or error state). */
  message?: ReactNode;
  /** Tighter rows. */
  dense?: boolean;
  /** `auto`: a table, and cards below the md breakpoint; tests force one or the other. */
  layout?: 'auto' | 'table' | 'cards';
};

/** Phone widths read rows as cards: the query matches Tailwind's `md` breakpoint. */
export const CARDS_QUERY = '(max-width: 767.98px)';

export function DataTable<T extends RowData>({ layout = 'auto', ...props }: DataTableProps<T>) {
  const narrow = useMediaQuery(CARDS_QUERY);
  const cards = layout === 'cards' || (layout === 'auto' && narrow);
  return cards ? <DataCards {...props} /> : <DataGrid {...props} />;
}

/** The rows a list's first render shows, and how many more each render after it adds. */
const FIRST_ROWS = 10;
const MORE_ROWS = 20;

/**
 * The rows to render: on the table's first rows, the first ten (more than a screen), then the rest in
 * low-priority renders of twenty, between which the browser paints and handles input. Committing a page
 * of 50 cards at once was one task of 200–400 ms on a phone, before which nothing of the list showed.
 * Once all are shown, every later page renders whole.
 */
function useRowsInSteps<R>(rows: readonly R[]): readonly R[] {
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit === Number.POSITIVE_INFINITY || rows.length === 0) return;
    const next = limit + MORE_ROWS >= rows.length ? Number.POSITIVE_INFINITY : limit + MORE_ROWS;
    startTransition(() => setLimit(next));
  }, [limit, rows.length]);
  return limit === Number.POSITIVE_INFINITY ? rows : rows.slice(0, limit);
}

/** Whether the table is wider than its frame, followed as either resizes. */
function useTooWide(frame: React.RefObject<HTMLDivElement | null>) {
  const [tooWide, setTooWide] = useState(false);
  useEffect(() => {
    const element = frame.current;
    const table = element?.firstElementChild;
    if (!element || !table || typeof ResizeObserver === 'undefined') return;
    const measure = () => setTooWide(table.getBoundingClientRect().width > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(table);
    return () => observer.disconnect();
  }, [frame]);
  return tooWide;
}

/**
 * Calls a column's header or cell template instead of mounting it as a component (TanStack's
 * FlexRender): the templates are rebuilt with the page's state (the ticked rows), and a new component
 * type each time would remount the cell, taking the keyboard focus away from its checkbox or button.
 */
function renderTemplate<C>(template: unknown, context: C): ReactNode {
  return typeof template === 'function'
    ? (template as (context: C) => ReactNode)(context)
    : (template as ReactNode);
}

function renderCell<T extends RowData>(cell: Cell<Features, T, unknown>): ReactNode {
  return renderTemplate(cell.column.columnDef.cell, cell.getContext());
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function HeaderCell<T extends RowData>({
  header,
  sticky,
}: {
  header: Header<Features, T, unknown>;
  /** Off while the frame scrolls sideways: the header would stick inside the frame, over the rows. */
  sticky: boolean;
}) {
  const { column } = header;
  const meta = metaOf(column);
  const content = renderTemplate(column.columnDef.header, header.getContext());
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <th
      scope="col"
      aria-sort={column.getCanSort() ? (sorted ? ariaSort[sorted] : 'none') : undefined}
      className={cn(
        // top-16: under the app header, which is sticky too.
        sticky && 'sticky top-16 z-10',
        'border-b border-line bg-slate-50 px-3 py-2.5 text-left align-bottom text-xs font-medium tracking-wide text-ink-subtle uppercase first:pl-5 last:pr-5',
        meta.align === 'right' && 'text-right',
        meta.headerClassName,
      )}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className={cn(
            // align-bottom: an inline-flex box sits on its startmost item's baseline, the icon's bottom when
            // reversed (right-aligned numbers), which lifted those labels above their neighbours.
            'inline-flex items-center gap-1 rounded text-left align-bottom uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500',
            meta.align === 'right' && 'flex-row-reverse text-right',
            sorted && 'text-ink',
          )}
        >
          <span>{content}</span>
          <Icon className={cn('size-3.5 shrink-0', !sorted && 'opacity-40')} aria-hidden />
        </button>
      ) : (
        content
      )}
    </th>
  );
}

const cellClass = (meta: DataColumnMeta, dense?: boolean) =>
  cn(
    'border-b border-slate-100 px-3 align-middle text-ink first:pl-5 last:pr-5',
    dense ? 'py-2' : 'py-3',
    meta.align === 'right' && 'text-right',
    meta.className,
  );

function DataGrid<T extends RowData>({
  table,
  label,
  rowProps,
  loading,
  message,
  dense,
}: Omit<DataTableProps<T>, 'layout'>) {
  const frame = useRef<HTMLDivElement>(null);
  const tooWide = useTooWide(frame);
  const rows = useRowsInSteps(table.getRowModel().rows);
  const columns = table.getVisibleLeafColumns().length;
  return (
    // The frame scrolls sideways only when the table cannot fit; otherwise the header sticks to the page.
    <div
      ref={frame}
      className={tooWide ? 'overflow-x-auto' : undefined}
      tabIndex={tooWide ? 0 : undefined}
      data-too-wide={tooWide || undefined}
    >
      <table aria-label={label} className="w-full border-separate border-spacing-0 text-sm">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} sticky={!tooWide} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            Array.from({ length: 6 }, (_, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <tr key={r}>
                {table.getVisibleLeafColumns().map((column) => (
                  <td key={column.id} className={cellClass(metaOf(column), dense)}>
                    <Skeleton className="h-4 w-12" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 && message ? (
            <tr>
              <td colSpan={columns} className="p-0">
                {message}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const { selected, className, ...data } = rowProps?.(row.original) ?? {};
              return (
                <tr
                  key={row.id}
                  {...data}
                  aria-selected={selected}
                  className={cn(
                    'transition-colors hover:bg-slate-50/80',
                    selected && 'bg-brand-50/60 hover:bg-brand-50',
                    className,
                  )}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cellClass(metaOf(cell.column), dense)}>
                      {renderCell(cell)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function CardField<T extends RowData>({ cell }: { cell: Cell<Features, T, unknown> }) {
  return (
    <div className={cn('min-w-0', metaOf(cell.column).cardWide && 'col-span-2')}>
      <dt className="text-xs text-ink-subtle">{metaOf(cell.column).label}</dt>
      <dd className="mt-0.5 min-w-0">{renderCell(cell)}</dd>
    </div>
  );
}

/** One card per row: the select box and the lead on top, the labelled values below, then the buttons. */
function DataCards<T extends RowData>({
  table,
  label,
  rowProps,
  loading,
  message,
}: Omit<DataTableProps<T>, 'layout'>) {
  const rows = useRowsInSteps(table.getRowModel().rows);
  if (loading && rows.length === 0)
    return (
      <div className="space-y-3 p-4" aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} className="h-20 w-full rounded-lg" />
        ))}
      </div>
    );
  if (rows.length === 0) return <>{message}</>;
  return (
    <ul aria-label={label} className="divide-y divide-line" data-cards>
      {rows.map((row) => {
        const { selected, className, ...data } = rowProps?.(row.original) ?? {};
        const cells = row.getAllCells().filter((cell) => {
          const place = metaOf(cell.column).card ?? 'field';
          return place === 'essential' || (place !== 'none' && cell.column.getIsVisible());
        });
        const at = (place: DataColumnMeta['card']) =>
          cells.filter((cell) => (metaOf(cell.column).card ?? 'field') === place);
        const fields = cells.filter((cell) =>
          ['field', 'essential'].includes(metaOf(cell.column).card ?? 'field'),
        );
        const footer = at('footer');
        return (
          <li
            key={row.id}
            {...(data as HTMLAttributes<HTMLLIElement>)}
            // Cards below the fold are laid out and painted when scrolled near, not with the first 50: on
            // a phone that first layout was the longest task of a list page's load. `auto` keeps the
            // size a card had once rendered, so the scroll height settles.
            className={cn(
              'px-4 py-3 [contain-intrinsic-size:auto_12rem] [content-visibility:auto]',
              selected && 'bg-brand-50/60',
              className,
            )}
          >
            <div className="flex items-start gap-3">
              {at('select').map((cell) => (
                <div key={cell.id} className="pt-0.5">
                  {renderCell(cell)}
                </div>
              ))}
              <div className="min-w-0 flex-1">
                {at('lead').map((cell) => (
                  <div key={cell.id} className="min-w-0">
                    {renderCell(cell)}
                  </div>
                ))}
              </div>
            </div>
            {fields.length > 0 ? (
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {fields.map((cell) => (
                  <CardField key={cell.id} cell={cell} />
                ))}
              </dl>
            ) : null}
            {footer.length > 0 ? (
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                {footer.map((cell) => (
                  <Fragment key={cell.id}>{renderCell(cell)}</Fragment>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
