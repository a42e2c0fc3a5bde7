import { filterParams } from '@linkwatch/shared';
import { ArrowLeft, History } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { listPath, parseIndexHistoryRoute, useIndexHistories, useListState } from '@/features/links';
import { useRequireCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { type DataColumn, DataTable, dataColumns, useDataTable } from '@/ui/DataTable.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';

type HistoryRow = NonNullable<ReturnType<typeof useIndexHistories>['data']>['data'][number];
const NO_ROWS: HistoryRow[] = [];
const col = dataColumns<HistoryRow>();

function useHistoryColumns(): DataColumn<HistoryRow>[] {
  const { t } = useTranslation();
  const { date: formatDate } = useFormat();
  return useMemo(
    () => [
      col.display({
        id: 'url',
        meta: {
          label: t('linksUi.indexHistory.url'),
          fixed: true,
          card: 'lead',
          className: 'w-full max-w-0',
        },
        cell: ({ row }) => (
          <p className="truncate" title={row.original.attributes.url}>
            {row.original.attributes.url}
          </p>
        ),
      }),
      col.display({
        id: 'value',
        meta: { label: t('linksUi.indexHistory.value'), fixed: true },
        cell: ({ row }) => {
          const { value, valueText } = row.original.attributes;
          return (
            <Badge tone={value === 1 ? 'success' : value === 2 ? 'danger' : 'neutral'}>{valueText}</Badge>
          );
        },
      }),
      col.display({
        id: 'date',
        meta: {
          label: t('linksUi.indexHistory.date'),
          fixed: true,
          className: 'whitespace-nowrap text-ink-muted',
        },
        cell: ({ row }) => formatDate(row.original.attributes.createdAt, true),
      }),
    ],
    [t, formatDate],
  );
}

/** `/campaign/{tier?}/{id?}/index-history` and `/project/…`: every indexing check, newest first. */
export default function IndexHistoryPage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  const to = useLocalePath();
  const kind = useLocation().pathname.includes('/project/') ? 'project' : 'campaign';
  const route = parseIndexHistoryRoute(useParams());
  const list = useListState();
  const query = useMemo(
    () => ({
      ...filterParams({ [kind]: route?.id ?? undefined, tier: route?.tier ?? undefined }),
      'page[number]': list.page,
      'page[size]': list.size,
    }),
    [kind, route?.id, route?.tier, list.page, list.size],
  );
  const histories = useIndexHistories(query);
  const rows = histories.data?.data ?? NO_ROWS;
  const table = useDataTable({
    name: 'indexHistory',
    columns: useHistoryColumns(),
    rows,
    rowId: (h) => String(h.id),
  });
  if (!route) return <NotFoundPage />;
  const meta = histories.data?.meta.page;

  return (
    <>
      <PageHeader
        title={t('linksUi.indexHistory.title')}
        description={t('linksUi.indexHistory.description')}
        actions={
          route.id ? (
            <Link
              to={to(listPath(kind, { type: 'active', tier: route.tier, id: route.id }))}
              className={buttonClass({ variant: 'secondary' })}
            >
              <ArrowLeft className="size-4" aria-hidden />
              {t('linksUi.indexHistory.back')}
            </Link>
          ) : null
        }
      />
      {/* overflow-clip, not hidden: a hidden overflow would hold the table's sticky header inside the card. */}
      <Card className="overflow-clip">
        <DataTable
          table={table}
          label={t('linksUi.indexHistory.title')}
          loading={histories.isPending}
          message={
            <EmptyState
              icon={<History className="size-6" aria-hidden />}
              title={histories.isError ? histories.error.message : t('linksUi.indexHistory.empty')}
            />
          }
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
