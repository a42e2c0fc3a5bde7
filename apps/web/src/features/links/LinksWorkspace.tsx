import { PAGE_SIZES } from '@linkwatch/shared';
import { LayoutList, Rows3, SearchX, Upload } from 'lucide-react';
import { memo, type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { useCan } from '@/lib/account.ts';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { ColumnsMenu } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';
import { Select } from '@/ui/Select.tsx';
import { type Link, useLinks } from './api/links.ts';
import { BulkBar } from './BulkBar.tsx';
import { CommentModal } from './CommentModal.tsx';
import { LinkDrawer } from './LinkDrawer.tsx';
import { LinkFilters } from './LinkFilters.tsx';
import { LinksTable, useLinksTable } from './LinksTable.tsx';
import { listQuery } from './listQuery.ts';
import { type useListState, useViewType } from './listState.ts';
import type { ListType } from './route.ts';

type Props = {
  /** The list's scope and tab (`filter[campaign]` or `filter[project]`+`filter[tier]`, `filter[type]`). */
  base: Query;
  type: ListType;
  list: ReturnType<typeof useListState>;
  /** Extra query of bulk tasks (the campaign of a campaign page). */
  taskScope?: Query;
  projectId?: string | number;
  onUpload?: () => void;
  queryOnly?: boolean;
  campaignName?: (id: number) => string | undefined;
  /** Lifts the ticked ids to the page (the export modal exports them). */
  onSelectionChange?: (ids: number[]) => void;
  emptyBody?: ReactNode;
  /** The search page waits for a query before listing anything. */
  idle?: ReactNode;
};

/**
 * Filters, the selected-count bar, the table, pagination and page size, the side panel. Memoised: the
 * page around it re-renders as its own reads come in (the campaign, the counts, the socket's status),
 * and 50 rows need not follow when none of their props changed.
 */
export const LinksWorkspace = memo(function LinksWorkspace({
  base,
  type,
  list,
  taskScope = {},
  projectId,
  onUpload,
  queryOnly,
  campaignName,
  onSelectionChange,
  emptyBody,
  idle,
}: Props) {
  const { t } = useTranslation();
  const [view, setView] = useViewType();
  // Issue 27: uploading and editing comments change links (links.manage).
  const canUpload = useCan('links.manage');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [opened, setOpened] = useState<number | null>(null);
  const [commenting, setCommenting] = useState<Link | null>(null);
  const query = useMemo(
    () => listQuery({ base, filters: list.filters, sort: list.sort, page: list.page, size: list.size }),
    [base, list.filters, list.sort, list.page, list.size],
  );
  const links = useLinks(query, !idle);
  // Deferred: a page of links arrives through the query cache, whose updates React renders in one blocking
  // task; the rows then render in the interruptible slices of the render after it.
  const shown = useDeferredValue(links.data);
  const rows = shown?.data ?? [];
  const meta = shown?.meta.page;
  const key = JSON.stringify(query);
  // The table's filters without its page and order: what "Add all filtered to disavow" selects.
  const filtered = useMemo(() => {
    const filter = Object.fromEntries(Object.entries(query).filter(([name]) => name.startsWith('filter[')));
    return { filter, count: meta?.total };
  }, [query, meta?.total]);

  // A new page, tab or filter starts with nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the query changes
  useEffect(() => setSelected((current) => (current.size === 0 ? current : new Set())), [key]);
  // Only a change is lifted: on mount the page already holds the empty selection, and telling it again
  // re-rendered the whole page (and this table) once more right after its first paint.
  const lifted = useRef(selected);
  useEffect(() => {
    if (lifted.current === selected) return;
    lifted.current = selected;
    onSelectionChange?.([...selected]);
  }, [selected, onSelectionChange]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(rows.map((r) => r.id)) : new Set());
  const table = useLinksTable({
    name: queryOnly ? 'search' : 'links',
    links: rows,
    view,
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    onOpen: (link) => setOpened(link.id),
    onComment: canUpload ? setCommenting : undefined,
    onAddedBy: (userId) => list.setFilter('addedBy', String(userId)),
    campaignName,
    sort: list.sort,
    onSort: list.setSort,
  });

  const message = links.isError ? (
    <EmptyState
      icon={<SearchX className="size-6" aria-hidden />}
      title={t('linksUi.table.loadFailed')}
      body={links.error.message}
      action={
        <Button variant="secondary" onClick={() => links.refetch()}>
          {t('common.retry')}
        </Button>
      }
    />
  ) : list.hasFilters ? (
    <EmptyState
      icon={<SearchX className="size-6" aria-hidden />}
      title={t('linksUi.table.emptyFiltered')}
      action={
        <Button variant="secondary" onClick={list.resetFilters}>
          {t('linksUi.filters.reset')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Upload className="size-6" aria-hidden />}
      title={t('linksUi.table.emptyTitle')}
      body={emptyBody ?? (type === 'active' ? t('linksUi.table.emptyActive') : t('linksUi.table.emptyOther'))}
      action={
        onUpload && canUpload && type === 'active' ? (
          <Button icon={<Upload className="size-4" aria-hidden />} onClick={onUpload}>
            {t('linksUi.toolbar.upload')}
          </Button>
        ) : undefined
      }
    />
  );

  const from = meta && meta.total > 0 ? (meta.currentPage - 1) * meta.perPage + 1 : 0;
  const to = meta ? Math.min(meta.currentPage * meta.perPage, meta.total) : 0;

  return (
    // overflow-clip, not hidden: a hidden overflow would hold the table's sticky header inside the card.
    <Card className="overflow-clip">
      <div className="border-b border-line px-5 py-3">
        <LinkFilters
          filters={list.filters}
          onChange={list.setFilter}
          onReset={list.resetFilters}
          hasFilters={list.hasFilters}
          addedByName={
            rows.find((r) => String(r.attributes.addedById) === list.filters.addedBy)?.attributes.addedByName
          }
          queryOnly={queryOnly}
          trailing={
            <>
              <SegmentedTabs
                label={t('linksUi.table.view')}
                value={view}
                onChange={setView}
                items={[
                  {
                    value: 'table',
                    label: (
                      <>
                        <LayoutList className="size-4" aria-hidden />
                        <span className="sr-only sm:not-sr-only">{t('linksUi.table.viewTable')}</span>
                      </>
                    ),
                  },
                  {
                    value: 'compact',
                    label: (
                      <>
                        <Rows3 className="size-4" aria-hidden />
                        <span className="sr-only sm:not-sr-only">{t('linksUi.table.viewCompact')}</span>
                      </>
                    ),
                  },
                ]}
              />
              <ColumnsMenu table={table} />
            </>
          }
        />
      </div>
      <BulkBar
        type={type}
        selected={[...selected]}
        scope={taskScope}
        onClear={() => setSelected(new Set())}
        projectId={projectId}
        filtered={filtered}
      />
      {idle ?? (
        // relative: the table's visually hidden texts (position: absolute) are placed, and clipped, inside
        // the card; placed against the page they widened it when the table scrolled sideways.
        <div
          aria-busy={links.isFetching}
          className={cn('relative', links.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          <LinksTable
            table={table}
            loading={links.isPending || shown !== links.data}
            view={view}
            selected={selected}
            message={message}
          />
        </div>
      )}
      {meta && meta.total > 0 && !idle ? (
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
          <div className="flex items-center gap-3 text-sm text-ink-muted">
            <span className="flex items-center gap-2">
              <span aria-hidden>{t('linksUi.table.pageSize')}</span>
              <Select
                aria-label={t('linksUi.table.pageSize')}
                size="sm"
                className="w-20"
                value={String(list.size)}
                onChange={(e) => list.setSize(Number(e.target.value))}
                options={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
              />
            </span>
            <span className="tabular-nums" data-testid="links-range">
              {t('linksUi.table.range', { from, to, total: meta.total })}
            </span>
          </div>
          <Pager meta={meta} onPage={list.setPage} />
        </div>
      ) : null}
      <LinkDrawer linkId={opened} onClose={() => setOpened(null)} />
      <CommentModal link={commenting} onClose={() => setCommenting(null)} />
    </Card>
  );
});
