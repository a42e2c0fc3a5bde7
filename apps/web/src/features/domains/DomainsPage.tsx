import { DOMAIN_SORT_FIELDS, NOT_AVAILABLE, type TDomainAttributes } from '@linkwatch/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, Globe } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { api } from '@/api/client.ts';
import { faviconUrl } from '@/api/http.ts';
import type { ListResponse } from '@/api/types.ts';
import { downloadExport, listPath, parseIndexHistoryRoute, useListState } from '@/features/links';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
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
import { Favicon } from '@/ui/Favicon.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';

type DomainRow = { id: number; type: 'domains'; attributes: TDomainAttributes };
const NO_ROWS: DomainRow[] = [];
const DEFAULT_SORT = { field: 'links', desc: true };
const col = dataColumns<DomainRow>();

/** A figure, or N/A with the reason no service gives it when there is one. */
function Figure({ value, reason }: { value: number | typeof NOT_AVAILABLE; reason?: string }) {
  const format = useFormat();
  if (value === NOT_AVAILABLE) {
    return (
      <span className="text-ink-subtle" title={reason}>
        {NOT_AVAILABLE}
      </span>
    );
  }
  return <span className="tabular-nums">{format.number(value)}</span>;
}

function useDomainColumns(): DataColumn<DomainRow>[] {
  const { t } = useTranslation();
  const { date } = useFormat();
  return useMemo(() => {
    const figure = (
      id: string,
      label: string,
      pick: (a: TDomainAttributes) => number | typeof NOT_AVAILABLE,
      options: { sort?: string; defaultHidden?: boolean; reason?: (a: TDomainAttributes) => string } = {},
    ) =>
      col.display({
        id,
        meta: {
          label,
          sort: options.sort,
          defaultHidden: options.defaultHidden,
          align: 'right',
          card: 'field',
        },
        cell: ({ row }) => (
          <Figure value={pick(row.original.attributes)} reason={options.reason?.(row.original.attributes)} />
        ),
      });
    return [
      col.display({
        id: 'domain',
        meta: { label: t('links.domainColumns.domain'), sort: 'domain', fixed: true, card: 'lead' },
        cell: ({ row }) => (
          <span className="flex items-center gap-1.5 font-medium text-ink">
            <Favicon src={faviconUrl(row.original.attributes.domain)} />
            {row.original.attributes.domain}
          </span>
        ),
      }),
      figure('links', t('links.domainColumns.links'), (a) => a.backlinks, { sort: 'links' }),
      figure('indexed', t('links.domainColumns.indexed'), (a) => a.indexed, { sort: 'indexed' }),
      figure('da', t('links.domainColumns.da'), (a) => a.da, { sort: 'da' }),
      figure('pageRank', t('links.domainColumns.pageRank'), (a) => a.pageRankDecimal, { sort: 'pageRank' }),
      figure('spamScore', t('links.domainColumns.spamScore'), (a) => a.spamScore, { sort: 'spamScore' }),
      figure('semRushTraffic', t('links.domainColumns.semRushTraffic'), (a) => a.semRush.traffic, {
        sort: 'semRushTraffic',
        defaultHidden: true,
      }),
      figure('referringPage', t('links.domainColumns.referringPage'), (a) => a.referringPage, {
        sort: 'referringPage',
      }),
      figure('alexaRank', 'Alexa', (a) => a.alexaRank, {
        defaultHidden: true,
        reason: (a) => a.notProvided.alexaRank,
      }),
      col.display({
        id: 'checked',
        meta: {
          label: t('links.domainColumns.checked'),
          className: 'whitespace-nowrap text-ink-muted',
          card: 'field',
        },
        cell: ({ row }) => date(row.original.attributes.dateCheckAuthority, true),
      }),
    ];
  }, [t, date]);
}

/** `/campaign/{tier?}/{id?}/domains` and `/project/…`: the donor domains, their authority, their links. */
export default function DomainsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const kind = useLocation().pathname.includes('/project/') ? 'project' : 'campaign';
  const route = parseIndexHistoryRoute(useParams());
  const list = useListState();
  const sort = parseSort(list.sort, DOMAIN_SORT_FIELDS) ?? DEFAULT_SORT;
  const scope = useMemo(
    () => ({ [`filter[${kind}]`]: route?.id ?? undefined, 'filter[tier]': route?.tier ?? undefined }),
    [kind, route?.id, route?.tier],
  );
  const domains = useQuery({
    queryKey: ['domains', scope, list.page, list.size, sortParam(sort)],
    placeholderData: keepPreviousData,
    queryFn: () =>
      api.get<ListResponse<'domains', TDomainAttributes>>('domains', {
        query: { ...scope, 'page[number]': list.page, 'page[size]': list.size, sort: sortParam(sort) },
      }),
  });
  const exporting = useMutation({
    mutationFn: () =>
      downloadExport({
        path: 'domains/export',
        query: { ...scope, sort: sortParam(sort), format: 'csv' },
        fallbackName: 'domains.csv',
      }),
    onSuccess: () => notify.success(t('linksUi.domains.downloaded')),
    onError: (error) => notify.error(error.message),
  });
  const table = useDataTable({
    name: 'domains',
    columns: useDomainColumns(),
    rows: (domains.data?.data as DomainRow[] | undefined) ?? NO_ROWS,
    rowId: (d) => d.attributes.domain,
    sort,
    onSort: (next) => list.setSort(sortParam(next)),
    clearable: false,
  });
  if (!route) return <NotFoundPage />;
  const meta = domains.data?.meta.page;

  return (
    <>
      <PageHeader
        title={t('linksUi.domains.title')}
        description={t('linksUi.domains.description')}
        actions={
          <>
            {route.id ? (
              <Link
                to={to(listPath(kind, { type: 'active', tier: route.tier, id: route.id }))}
                className={buttonClass({ variant: 'secondary' })}
              >
                <ArrowLeft className="size-4" aria-hidden />
                {t('linksUi.indexHistory.back')}
              </Link>
            ) : null}
            <Button
              variant="secondary"
              icon={<Download className="size-4" aria-hidden />}
              onClick={() => exporting.mutate()}
              loading={exporting.isPending}
            >
              {t('linksUi.toolbar.export')}
            </Button>
          </>
        }
      />
      <Card className="overflow-clip">
        <div className="flex justify-end px-5 py-3">
          <ColumnsMenu table={table} />
        </div>
        <DataTable
          table={table}
          label={t('linksUi.domains.title')}
          loading={domains.isPending}
          message={
            <EmptyState
              icon={<Globe className="size-6" aria-hidden />}
              title={domains.isError ? domains.error.message : t('linksUi.domains.empty')}
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
