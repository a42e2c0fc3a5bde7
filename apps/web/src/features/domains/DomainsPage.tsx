import { DOMAIN_SORT_FIELDS, filterParams, NOT_AVAILABLE, type TDomainAttributes } from '@linkwatch/shared';
import { ArrowLeft, Download, Globe } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { faviconUrl } from '@/api/http.ts';
import { listPath, parseIndexHistoryRoute, useListState } from '@/features/links';
import { useRequireCan } from '@/lib/account.ts';
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
import { useDomainExport, useDomains } from './api/domains.ts';

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

/** The domain's first links (the Domain's list of links), and how many more it has. */
function DomainLinks({ domain }: { domain: TDomainAttributes }) {
  const { t } = useTranslation();
  const more = domain.backlinks - domain.links.length;
  return (
    <ul className="max-w-72 min-w-40 space-y-0.5 text-xs">
      {domain.links.slice(0, 3).map((link) => (
        <li key={link.id} className="truncate text-ink-muted">
          {link.url}
        </li>
      ))}
      {more + Math.max(0, domain.links.length - 3) > 0 ? (
        <li className="text-ink-subtle">
          {t('linksUi.domains.moreLinks', { value: more + Math.max(0, domain.links.length - 3) })}
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The Domain fields no service gives (Alexa rank, Facebook activity), named with why under the table:
 * the API leaves them out rather than sending a made-up value.
 */
function NotShown({ reasons }: { reasons: Record<string, string> | undefined }) {
  const { t } = useTranslation();
  const shown = ['alexaRank', 'faceBookActivity'].flatMap((k) => (reasons?.[k] ? [reasons[k]] : []));
  if (!shown.length) return null;
  return (
    <div className="border-t border-line px-5 py-3 text-xs text-ink-subtle" data-not-shown>
      <p className="font-medium text-ink-muted">{t('linksUi.domains.notShown')}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {shown.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
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
      figure('faceBookActivity', t('links.domainColumns.faceBookActivity'), (a) => a.faceBookActivity, {
        sort: 'faceBookActivity',
        defaultHidden: true,
        reason: (a) => a.notProvided.faceBookActivity,
      }),
      figure('backlinksTier', t('linksUi.domains.backlinksTier'), (a) => a.backlinksTier),
      col.display({
        id: 'pages',
        meta: { label: t('linksUi.domains.links'), card: 'field', cardWide: true },
        cell: ({ row }) => <DomainLinks domain={row.original.attributes} />,
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
  useRequireCan('projects.read');
  const { t } = useTranslation();
  const to = useLocalePath();
  const kind = useLocation().pathname.includes('/project/') ? 'project' : 'campaign';
  const route = parseIndexHistoryRoute(useParams());
  const list = useListState();
  const sort = parseSort(list.sort, DOMAIN_SORT_FIELDS) ?? DEFAULT_SORT;
  const scope = useMemo(
    () => filterParams({ [kind]: route?.id ?? undefined, tier: route?.tier ?? undefined }),
    [kind, route?.id, route?.tier],
  );
  const domains = useDomains({ scope, page: list.page, size: list.size, sort: sortParam(sort) });
  const exporting = useDomainExport({
    query: { ...scope, sort: sortParam(sort), format: 'csv' },
    onSuccess: () => notify.success(t('linksUi.domains.downloaded')),
    onError: (error) => notify.error(error.message),
  });
  const table = useDataTable({
    name: 'domains',
    columns: useDomainColumns(),
    rows: (domains.data?.data as DomainRow[] | undefined) ?? NO_ROWS,
    rowId: (d) => String(d.id),
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
        <NotShown reasons={domains.data?.data[0]?.attributes.notProvided} />
      </Card>
    </>
  );
}
