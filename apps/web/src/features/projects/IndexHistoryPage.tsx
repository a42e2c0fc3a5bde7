import { ArrowLeft, History } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { listPath, parseIndexHistoryRoute, useIndexHistories, useListState } from '@/features/links';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { buttonClass } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';

/** `/campaign/{tier?}/{id?}/index-history` and `/project/…`: every indexing check, newest first. */
export default function IndexHistoryPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const kind = useLocation().pathname.includes('/project/') ? 'project' : 'campaign';
  const route = parseIndexHistoryRoute(useParams());
  const list = useListState();
  const { date: formatDate } = useFormat();
  const query = useMemo(
    () => ({
      [`filter[${kind}]`]: route?.id ?? undefined,
      'filter[tier]': route?.tier ?? undefined,
      'page[number]': list.page,
      'page[size]': list.size,
    }),
    [kind, route?.id, route?.tier, list.page, list.size],
  );
  const histories = useIndexHistories(query);
  if (!route) return <NotFoundPage />;
  const rows = histories.data?.data ?? [];
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
      <Card className="overflow-hidden">
        <Table>
          <thead>
            <tr>
              <Th>{t('linksUi.indexHistory.url')}</Th>
              <Th>{t('linksUi.indexHistory.value')}</Th>
              <Th>{t('linksUi.indexHistory.date')}</Th>
            </tr>
          </thead>
          <tbody>
            {histories.isPending ? (
              <SkeletonRows columns={3} />
            ) : rows.length === 0 ? (
              <TableMessage columns={3}>
                <EmptyState
                  icon={<History className="size-6" aria-hidden />}
                  title={histories.isError ? histories.error.message : t('linksUi.indexHistory.empty')}
                />
              </TableMessage>
            ) : (
              rows.map((h) => (
                <Tr key={h.id}>
                  <Td className="max-w-md truncate">{h.attributes.url}</Td>
                  <Td>
                    <Badge
                      tone={
                        h.attributes.value === 1 ? 'success' : h.attributes.value === 2 ? 'danger' : 'neutral'
                      }
                    >
                      {h.attributes.valueText}
                    </Badge>
                  </Td>
                  <Td className="whitespace-nowrap text-ink-muted">
                    {formatDate(h.attributes.createdAt, true)}
                  </Td>
                </Tr>
              ))
            )}
          </tbody>
        </Table>
        {meta ? (
          <div className="flex justify-end px-5 py-3">
            <Pager meta={meta} onPage={list.setPage} />
          </div>
        ) : null}
      </Card>
    </>
  );
}
