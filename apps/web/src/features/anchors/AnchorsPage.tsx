import { ANCHOR_SORT_FIELDS, filterParams } from '@linkwatch/shared';
import { Anchor, ChevronDown, ChevronsDownUp, ChevronsUpDown, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useListState } from '@/features/links';
import { useProject, useProjects } from '@/features/projects';
import { useRequireCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import {
  ColumnsMenu,
  type DataColumn,
  DataTable,
  dataColumns,
  parseSort,
  sortParam,
  useDataTable,
} from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Input } from '@/ui/Input.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';
import { Select } from '@/ui/Select.tsx';
import { StatCard } from '@/ui/StatCard.tsx';
import { AnchorDistribution } from './AnchorDistribution.tsx';
import {
  type AnchorBehind,
  type AnchorRow,
  backlinksBehind,
  useAnchorCounts,
  useAnchors,
} from './api/anchors.ts';
import { useExportAnchors } from './api/exportAnchors.ts';

function List({ items, open }: { items: readonly string[]; open: boolean }) {
  const { t } = useTranslation();
  if (items.length === 0) return <span className="text-ink-subtle">—</span>;
  if (open)
    return (
      <ul className="space-y-0.5">
        {items.map((i) => (
          <li key={i} className="truncate">
            {i}
          </li>
        ))}
      </ul>
    );
  return (
    <span className="flex items-center gap-1.5">
      <span className="truncate">{items[0]}</span>
      {items.length > 1 ? <Badge>{t('anchors.more', { count: items.length - 1 })}</Badge> : null}
    </span>
  );
}

/**
 * The pages and backlinks behind an anchor (spec point 3, anchor summary): closed, the first page and how
 * many more; open (the row's toggle or expand-all), each backlink's page, where it points and its rel.
 */
function Behind({ row, items, open }: { row: AnchorRow; items: AnchorBehind[]; open: boolean }) {
  const { t } = useTranslation();
  const total = row.relationships.backlinks.meta.total;
  if (items.length === 0) return <span className="text-ink-subtle">—</span>;
  if (!open) {
    return (
      <span className="flex items-center gap-1.5">
        <span className="truncate">{items[0].page?.attributes.url}</span>
        {total > 1 ? <Badge>{t('anchors.more', { count: total - 1 })}</Badge> : null}
      </span>
    );
  }
  return (
    <div data-anchor-behind>
      <ul className="space-y-1.5">
        {items.map(({ backlink, page }) => (
          <li key={backlink.id} className="min-w-0">
            <p className="truncate text-ink">{page?.attributes.url}</p>
            <p className="truncate text-xs text-ink-subtle">
              {t('anchors.behind.acceptor')}: {backlink.attributes.acceptor} · {backlink.attributes.attribute}
            </p>
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <p className="mt-1.5 text-xs text-ink-subtle">
          {t('anchors.behind.shown', { shown: items.length, total })}
        </p>
      ) : null}
    </div>
  );
}

const NO_ANCHORS: AnchorRow[] = [];
/** The API's own order: the anchors used most first. */
const DEFAULT_SORT = { field: 'countLinks', desc: true };
const col = dataColumns<AnchorRow>();

function useAnchorColumns({
  isOpen,
  toggle,
  behind,
}: {
  isOpen: (row: AnchorRow) => boolean;
  toggle: (id: string) => void;
  behind: (row: AnchorRow) => AnchorBehind[];
}): DataColumn<AnchorRow>[] {
  const { t } = useTranslation();
  const list = (id: string, items: (a: AnchorRow['attributes']) => readonly string[], className?: string) =>
    col.display({
      id,
      meta: { label: t(`anchors.columns.${id}` as 'anchors.columns.acceptor') },
      // The width bound sits inside the cell: an auto-width table ignores a cell's own max-width.
      cell: ({ row }) => (
        <div className={className}>
          <List items={items(row.original.attributes)} open={isOpen(row.original)} />
        </div>
      ),
    });
  return [
    col.display({
      id: 'expand',
      meta: { label: t('anchors.expandAll'), fixed: true, card: 'select', className: 'w-10' },
      header: () => <span className="sr-only">{t('anchors.expandAll')}</span>,
      cell: ({ row }) => {
        const open = isOpen(row.original);
        return (
          <button
            type="button"
            onClick={() => toggle(row.original.id)}
            aria-expanded={open}
            aria-label={t('anchors.expandRow', { anchor: row.original.attributes.anchor })}
            className="rounded p-0.5 text-slate-400 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
        );
      },
    }),
    col.display({
      id: 'anchor',
      meta: {
        label: t('anchors.columns.anchor'),
        sort: 'anchor',
        fixed: true,
        card: 'lead',
        className: 'min-w-28 font-medium break-words',
      },
      cell: ({ row }) =>
        row.original.attributes.anchor || <span className="text-ink-subtle">{t('links.noAnchor')}</span>,
    }),
    col.display({
      id: 'index',
      meta: { label: t('anchors.columns.index'), className: 'tabular-nums' },
      cell: ({ row }) => row.original.attributes.indexed,
    }),
    col.display({
      id: 'matches',
      sortDescFirst: true,
      meta: {
        label: t('anchors.columns.matches'),
        sort: 'countLinks',
        card: 'essential',
        className: 'whitespace-nowrap',
      },
      cell: ({ row }) => (
        <>
          <span className="tabular-nums">
            {t('anchors.links', { count: row.original.attributes.countLinks })}
          </span>
          <p className="text-xs text-ink-subtle">
            {t('anchors.share', { share: row.original.attributes.countAnchor })}
          </p>
        </>
      ),
    }),
    col.display({
      id: 'pages',
      meta: { label: t('anchors.behind.title'), card: 'field', cardWide: true },
      cell: ({ row }) => (
        <div className="max-w-80 min-w-48">
          <Behind row={row.original} items={behind(row.original)} open={isOpen(row.original)} />
        </div>
      ),
    }),
    list('acceptor', (a) => a.acceptors, 'max-w-40'),
    list('company', (a) => a.campaigns.map((c) => c.name), 'max-w-32'),
    list('attribute', (a) => a.attributes),
    list('linkType', (a) => a.typeTexts),
  ];
}

/** `/anchors/{project?}/{tier}`: the anchor list with project and tier selectors, export and expand-all. */
export default function AnchorsPage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const navigate = useNavigate();
  const params = useParams();
  const list = useListState();
  const projects = useProjects();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [allOpen, setAllOpen] = useState(false);
  const [text, setText] = useState('');
  const tier = params.tier === '1' || params.tier === '2' ? Number(params.tier) : null;
  const project = params.project && /^\d+$/.test(params.project) ? params.project : undefined;
  // The page's validity check (spec point 2): a project that is missing or someone else's answers 404,
  // and the 404 page shows instead of an empty list.
  useProject(project);
  const scope = useMemo(() => filterParams({ project, tier: tier ?? undefined }), [project, tier]);
  const query = useMemo(
    () => ({
      ...scope,
      ...filterParams({ query: text.trim().length >= 3 ? text.trim() : undefined }),
      sort: list.sort ?? undefined,
      'page[number]': list.page,
      'page[size]': list.size,
    }),
    [scope, text, list.sort, list.page, list.size],
  );
  const anchors = useAnchors(query);
  const rows = anchors.data?.data ?? NO_ANCHORS;
  const isOpen = (row: AnchorRow) => allOpen || expanded.has(row.id);
  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const table = useDataTable({
    name: 'anchors',
    columns: useAnchorColumns({ isOpen, toggle, behind: backlinksBehind(anchors.data) }),
    rows,
    rowId: (row) => row.id,
    sort: parseSort(list.sort, ANCHOR_SORT_FIELDS) ?? DEFAULT_SORT,
    onSort: (next) => list.setSort(sortParam(next)),
    clearable: false,
  });
  const counts = useAnchorCounts(scope);
  const exporting = useExportAnchors(scope, {
    onSuccess: (outcome) =>
      notify.success(outcome.kind === 'mailed' ? t('anchors.mailed') : t('anchors.downloaded')),
    onError: (error) => notify.error(error.message),
  });
  if (tier === null || (params.project && !project)) return <NotFoundPage />;
  const go = (next: { project?: string; tier?: number }) => {
    const p = next.project ?? project ?? '';
    navigate(to(`/anchors/${p ? `${p}/` : ''}${next.tier ?? tier}`));
  };
  const meta = anchors.data?.meta.page;
  const c = counts.data;

  return (
    <>
      <PageHeader
        title={t('anchors.title')}
        description={t('anchors.description')}
        actions={
          <Button
            variant="secondary"
            icon={<Download className="size-4" aria-hidden />}
            onClick={() => exporting.mutate()}
            loading={exporting.isPending}
          >
            {t('anchors.export')}
          </Button>
        }
      />
      <div className="mb-5 grid grid-cols-2 gap-4 md:grid-cols-3">
        {(['anchors', 'backlinks', 'links'] as const).map((k) => (
          <StatCard
            key={k}
            label={t(`anchors.totals.${k}`)}
            value={format.number(c?.[k] ?? 0)}
            loading={counts.isPending}
          />
        ))}
      </div>
      <AnchorDistribution scope={scope} />
      {/* overflow-clip, not hidden: a hidden overflow would hold the table's sticky header inside the card. */}
      <Card className="overflow-clip">
        <div className="flex flex-wrap items-center gap-3 border-b border-line px-5 py-3">
          <Select
            size="sm"
            className="w-56"
            aria-label={t('anchors.project')}
            value={project ?? ''}
            onChange={(e) => go({ project: e.target.value })}
            placeholder={t('anchors.allProjects')}
            options={(projects.data?.data ?? []).map((p) => ({
              value: String(p.id),
              label: p.attributes.name,
            }))}
          />
          <SegmentedTabs
            label={t('anchors.tier')}
            value={String(tier) as '1' | '2'}
            onChange={(v) => go({ tier: Number(v) })}
            items={(['1', '2'] as const).map((v) => ({ value: v, label: t(`projects.tier.t${v}`) }))}
          />
          <Input
            type="search"
            className="h-8 max-w-64"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('anchors.query')}
            aria-label={t('anchors.query')}
          />
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            aria-pressed={allOpen}
            icon={
              allOpen ? (
                <ChevronsDownUp className="size-4" aria-hidden />
              ) : (
                <ChevronsUpDown className="size-4" aria-hidden />
              )
            }
            onClick={() => {
              setAllOpen((v) => !v);
              setExpanded(new Set());
            }}
          >
            {allOpen ? t('anchors.collapseAll') : t('anchors.expandAll')}
          </Button>
          <ColumnsMenu table={table} />
        </div>
        <DataTable
          table={table}
          label={t('anchors.title')}
          loading={anchors.isPending}
          message={
            <EmptyState
              icon={<Anchor className="size-6" aria-hidden />}
              title={anchors.isError ? t('anchors.loadFailed') : t('anchors.empty')}
              body={anchors.isError ? anchors.error.message : undefined}
            />
          }
          rowProps={() => ({ className: 'align-top [&>td]:align-top' })}
        />
        {meta ? (
          <div className="flex justify-end px-5 py-3">
            <Pager meta={meta} onPage={list.setPage} />
          </div>
        ) : null}
      </Card>
    </>
  );
}
