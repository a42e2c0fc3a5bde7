import { isReportChangeType } from '@linkwatch/shared';
import {
  ChevronDown,
  Download,
  FileSearch,
  FolderSearch,
  Link2,
  Link2Off,
  ListTree,
  Sparkles,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useProjectOptions } from '@/features/projects';
import { useRequireCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { readPage } from '@/lib/listParams.ts';
import { notify } from '@/lib/notices.ts';
import { useListParams } from '@/lib/useListParams.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
} from '@/ui/DropdownMenu.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { StatCard } from '@/ui/StatCard.tsx';
import { downloadFile } from './api/download.ts';
import { reportQuery, useReportCounts, useReportLinks } from './api/reports.ts';
import type { ReportFilters as Filters } from './api/types.ts';
import { useMarkSeen } from './api/useMarkSeen.ts';
import { type ReportFilterName, ReportFilters } from './ReportFilters.tsx';
import { ReportItem } from './ReportItem.tsx';

const FORMATS = ['csv', 'xlsx'] as const;

/** With exactly one project there is nothing to choose: the report shows it without asking. */
function useOnlyProject(): string | undefined {
  const projects = useProjectOptions().data;
  return projects?.length === 1 ? String(projects[0].id) : undefined;
}

function useFilters(): [Filters, (patch: Partial<Record<ReportFilterName | 'page', string>>) => void] {
  // Another filter starts again from the first page.
  const [params, write] = useListParams({ restartPage: true });
  const onlyProject = useOnlyProject();
  const type = params.get('type');
  const filters: Filters = {
    project: params.get('project') || onlyProject,
    campaign: params.get('campaign') || undefined,
    type: isReportChangeType(type) ? type : undefined,
    page: readPage(params),
  };
  const update = (patch: Partial<Record<ReportFilterName | 'page', string>>) =>
    // Campaigns belong to a project: another project clears the campaign.
    write('project' in patch ? { ...patch, campaign: null } : patch);
  return [filters, update];
}

export default function ReportPage() {
  useRequireCan('reports.read');
  const { t } = useTranslation();
  const format = useFormat();
  const [filters, update] = useFilters();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const links = useReportLinks(filters);
  const counts = useReportCounts({ project: filters.project, campaign: filters.campaign });
  const items = links.data?.data;
  useMarkSeen(items);
  // The "new" mark of the first load stays while the page is open, though the server now says seen.
  const [firstSeen] = useState(() => new Map<number, boolean>());
  for (const item of items ?? []) if (!firstSeen.has(item.id)) firstSeen.set(item.id, item.attributes.seen);

  const change = (patch: Partial<Record<ReportFilterName | 'page', string>>) => {
    setSelected(new Set());
    update(patch);
  };
  const pageIds = (items ?? []).map((item) => item.id);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someTicked = pageIds.some((id) => selected.has(id));

  const download = async (fileFormat: (typeof FORMATS)[number]) => {
    setDownloading(true);
    try {
      await downloadFile({
        path: 'reports/export',
        query: {
          ...reportQuery(filters),
          format: fileFormat,
          links: selected.size ? [...selected] : undefined,
        },
        fallbackName: `report.${fileFormat}`,
      });
      notify.success(t('reportsUi.downloaded'));
    } catch (error) {
      notify.error(isApiError(error) ? error.fullMessage : t('common.requestFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const c = counts.data;
  return (
    <>
      <PageHeader title={t('reportsUi.title')} description={t('reportsUi.subtitle')} />
      <Card className="mb-6 p-4">
        <ReportFilters filters={filters} counts={c} onChange={(name, value) => change({ [name]: value })} />
      </Card>

      {!filters.project ? (
        <Card>
          <EmptyState
            icon={<FolderSearch className="size-6" aria-hidden />}
            title={<span role="status">{t('reports.errors.selectProject')}</span>}
            body={t('reportsUi.selectProject.body')}
          />
        </Card>
      ) : (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label={t('reportsUi.counts.total')}
              value={c ? format.number(c.total) : ''}
              loading={!c}
              icon={<ListTree className="size-5" aria-hidden />}
            />
            <StatCard
              tone="success"
              label={t('reportsUi.counts.found')}
              value={c ? format.number(c.new) : ''}
              loading={!c}
              icon={<Link2 className="size-5" aria-hidden />}
            />
            <StatCard
              tone="danger"
              label={t('reportsUi.counts.lost')}
              value={c ? format.number(c.lost) : ''}
              loading={!c}
              icon={<Link2Off className="size-5" aria-hidden />}
            />
            <StatCard
              tone="brand"
              label={t('reportsUi.counts.changes')}
              value={c ? format.number(c.changes) : ''}
              loading={!c}
              icon={<Sparkles className="size-5" aria-hidden />}
            />
          </div>
          <Card className="overflow-hidden">
            <div className="flex flex-wrap items-center gap-3 border-b border-line bg-slate-50/60 px-5 py-2.5">
              <label htmlFor="report-select-all" className="flex items-center gap-3 text-sm text-ink-muted">
                <Checkbox
                  id="report-select-all"
                  checked={allTicked}
                  indeterminate={someTicked && !allTicked}
                  disabled={pageIds.length === 0}
                  onChange={(e) => setSelected(e.target.checked ? new Set(pageIds) : new Set())}
                />
                {selected.size
                  ? t('reportsUi.selected', { count: selected.size, value: format.number(selected.size) })
                  : t('reportsUi.selectAll')}
              </label>
              <div className="ml-auto">
                <DropdownMenu
                  trigger={
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={downloading}
                      disabled={pageIds.length === 0}
                      icon={<Download className="size-3.5" aria-hidden />}
                    >
                      {selected.size ? t('reportsUi.downloadSelected') : t('reportsUi.downloadAll')}
                      <ChevronDown className="size-3.5" aria-hidden />
                    </Button>
                  }
                >
                  <DropdownMenuContent>
                    <DropdownMenuLabel>{t('reportsUi.download')}</DropdownMenuLabel>
                    {FORMATS.map((f) => (
                      <DropdownMenuItem key={f} onSelect={() => void download(f)}>
                        {t(`reportsUi.formats.${f}`)}
                      </DropdownMenuItem>
                    ))}
                  </DropdownMenuContent>
                </DropdownMenu>
              </div>
            </div>
            {links.isError ? (
              <div className="p-5">
                <Alert tone="error">
                  {isApiError(links.error) ? links.error.fullMessage : t('tasksUi.loadFailed')}
                </Alert>
              </div>
            ) : links.isPending ? (
              <div className="space-y-3 p-5">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : pageIds.length === 0 ? (
              <EmptyState
                icon={<FileSearch className="size-6" aria-hidden />}
                title={
                  filters.campaign || filters.type
                    ? t('reportsUi.empty.filtered')
                    : t('reportsUi.empty.title')
                }
                body={filters.campaign || filters.type ? undefined : t('reportsUi.empty.body')}
              />
            ) : (
              <ul aria-busy={links.isFetching || undefined}>
                {items?.map((item) => (
                  <ReportItem
                    key={item.id}
                    item={item}
                    isNew={firstSeen.get(item.id) === false}
                    selected={selected.has(item.id)}
                    onSelect={(on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (on) next.add(item.id);
                        else next.delete(item.id);
                        return next;
                      })
                    }
                  />
                ))}
              </ul>
            )}
            <Pager summary meta={links.data?.meta.page} onPage={(page) => change({ page: String(page) })} />
          </Card>
        </>
      )}
    </>
  );
}
