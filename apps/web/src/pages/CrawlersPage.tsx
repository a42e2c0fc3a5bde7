import { filterParams, pickFilters } from '@linkwatch/shared';
import { ArrowLeft, Radar, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Query } from '@/api/client.ts';
import { AhrefsButton } from '@/features/crawlers/AhrefsButton.tsx';
import { type CrawlerRecord, useCrawlerCounts, useCrawlers } from '@/features/crawlers/api/crawlers.ts';
import { CrawlerBulkBar } from '@/features/crawlers/CrawlerBulkBar.tsx';
import { CrawlerChart } from '@/features/crawlers/CrawlerChart.tsx';
import { CrawlerCounts } from '@/features/crawlers/CrawlerCounts.tsx';
import { CrawlerFilters } from '@/features/crawlers/CrawlerFilters.tsx';
import { useCrawlerColumns } from '@/features/crawlers/CrawlersTable.tsx';
import { ExportMenu } from '@/features/crawlers/ExportMenu.tsx';
import { ImportModal } from '@/features/crawlers/ImportModal.tsx';
import { crawlerFilterQuery, useCrawlerListState } from '@/features/crawlers/listState.ts';
import { TrackDialog } from '@/features/crawlers/TrackDialog.tsx';
import { Breadcrumbs, HeaderSkeleton, LoadFailure, useRefreshLinks } from '@/features/links';
import { projectPath, useProject } from '@/features/projects';
import { useCan, useRequireCan } from '@/lib/account.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { ColumnsMenu, DataTable, sortParam, useDataTable } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { Pager } from '@/ui/Pager.tsx';

const NO_ROWS: CrawlerRecord[] = [];

/** `/crawlers/{project}`: the project's crawler records, their counts and chart, imports and exports. */
export default function CrawlersPage() {
  useRequireCan('projects.read');
  const { project } = useParams();
  return project && /^\d+$/.test(project) ? <Crawlers project={project} /> : <NotFoundPage />;
}

function Crawlers({ project }: { project: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const list = useCrawlerListState();
  const refreshLinks = useRefreshLinks();
  const details = useProject(project);
  // Issue 27: importing, tracking and deleting crawler data need links.manage, the Ahrefs pull tasks.start.
  const canManage = useCan('links.manage');
  const canStart = useCan('tasks.start');
  const [importing, setImporting] = useState(false);
  const [tracking, setTracking] = useState<number[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const filterQuery = useMemo(() => crawlerFilterQuery(project, list.filters), [project, list.filters]);
  const listQuery: Query = useMemo(
    () => ({
      ...filterQuery,
      sort: sortParam(list.sort),
      'page[number]': list.page,
      'page[size]': list.size,
    }),
    [filterQuery, list.sort, list.page, list.size],
  );
  const countsQuery = useMemo(
    () => ({ ...filterParams({ project }), ...pickFilters(filterQuery, ['source']) }),
    [project, filterQuery],
  );
  const chartQuery = useMemo(
    () => ({
      ...countsQuery,
      ...pickFilters(filterQuery, ['dateFrom', 'dateTo']),
    }),
    [countsQuery, filterQuery],
  );
  // Another page, filter or order shows other rows: the ticks of the last ones would act unseen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listQuery is the trigger, not a value read
  useEffect(() => setSelected(new Set()), [listQuery]);
  const counts = useCrawlerCounts(countsQuery);
  const crawlers = useCrawlers(listQuery);
  const records = (crawlers.data?.data as CrawlerRecord[] | undefined) ?? NO_ROWS;
  const hasData = counts.data ? counts.data.active + counts.data.new + counts.data.rip > 0 : false;

  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const r of records) {
          if (checked) next.add(Number(r.id));
          else next.delete(Number(r.id));
        }
        return next;
      }),
    [records],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  const trackOne = useCallback((record: CrawlerRecord) => setTracking([Number(record.id)]), []);

  const table = useDataTable({
    name: 'crawlers',
    columns: useCrawlerColumns({
      records,
      included: crawlers.data?.included ?? [],
      selected,
      onToggle: toggle,
      onToggleAll: toggleAll,
      onTrack: canManage ? trackOne : undefined,
    }),
    rows: records,
    rowId: (r) => String(r.id),
    sort: list.sort,
    onSort: list.setSort,
    clearable: false,
  });

  if (details.isError) return <LoadFailure error={details.error} />;
  const name = details.data?.attributes.name ?? '';
  const ids = [...selected];
  const exportQuery: Query =
    ids.length > 0 ? { ...filterParams({ project }), ids } : { ...filterQuery, sort: sortParam(list.sort) };
  const meta = crawlers.data?.meta.page;

  return (
    <>
      {details.data ? (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <Breadcrumbs
              items={[
                { label: t('shell.nav.dashboard'), to: '/' },
                { label: name, to: projectPath(project) },
                { label: t('crawlersUi.title') },
              ]}
            />
            <h1 className="text-2xl font-semibold tracking-tight break-words text-ink">
              {t('crawlersUi.titleOf', { name })}
            </h1>
            <p className="mt-1 max-w-3xl text-sm text-ink-muted">{t('crawlersUi.description')}</p>
          </div>
          <div className="flex max-w-full flex-wrap items-center gap-2">
            <Link to={to(projectPath(project))} className={buttonClass({ variant: 'ghost' })}>
              <ArrowLeft className="size-4" aria-hidden />
              {t('crawlersUi.back')}
            </Link>
            {canStart ? <AhrefsButton project={project} /> : null}
            <ExportMenu query={exportQuery} projectName={name} />
            {canManage ? (
              <Button icon={<Upload className="size-4" aria-hidden />} onClick={() => setImporting(true)}>
                {t('crawlersUi.toolbar.import')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <HeaderSkeleton />
      )}
      <div className="space-y-5">
        <CrawlerCounts
          counts={counts.data}
          loading={counts.isPending}
          status={list.filters.status}
          onStatus={(status) => list.setFilter('status', status)}
        />
        <CrawlerChart query={chartQuery} hasData={hasData} />
        <CrawlerFilters list={list} trailing={<ColumnsMenu table={table} />} />
        {/* overflow-clip, not hidden: a hidden overflow would hold the table's sticky header inside the card. */}
        <Card className="overflow-clip">
          {canManage ? (
            <CrawlerBulkBar
              project={project}
              selected={ids}
              onClear={clear}
              onTrack={() => setTracking(ids)}
            />
          ) : null}
          <DataTable
            table={table}
            label={t('crawlersUi.title')}
            loading={crawlers.isPending}
            rowProps={(r) => ({ selected: selected.has(Number(r.id)), 'data-crawler': r.attributes.link })}
            message={
              crawlers.isError ? (
                <EmptyState
                  icon={<Radar className="size-6" aria-hidden />}
                  title={t('crawlersUi.loadFailed', { message: crawlers.error.message })}
                />
              ) : list.hasFilters && hasData ? (
                <EmptyState
                  icon={<Radar className="size-6" aria-hidden />}
                  title={t('crawlersUi.empty.filtered')}
                />
              ) : (
                <EmptyState
                  icon={<Radar className="size-6" aria-hidden />}
                  title={t('crawlersUi.empty.title')}
                  body={t('crawlersUi.empty.body')}
                  action={
                    canManage ? (
                      <Button
                        icon={<Upload className="size-4" aria-hidden />}
                        onClick={() => setImporting(true)}
                      >
                        {t('crawlersUi.toolbar.import')}
                      </Button>
                    ) : undefined
                  }
                />
              )
            }
          />
          <Pager meta={meta} onPage={list.setPage} summary />
        </Card>
      </div>
      <ImportModal project={project} open={importing} onOpenChange={setImporting} />
      <TrackDialog
        project={project}
        ids={tracking}
        onOpenChange={(open) => !open && setTracking(null)}
        onDone={clear}
        refreshLinks={refreshLinks}
      />
    </>
  );
}
