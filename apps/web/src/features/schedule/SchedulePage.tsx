import { FIRST_PAGE, ScheduleAction, WEEKDAYS } from '@linkwatch/shared';
import { CalendarClock, ChevronRight, FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRequireCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Badge } from '@/ui/Badge.tsx';
import { Card } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { Table, Td, Th } from '@/ui/Table.tsx';
import { type ScheduleGroup, useScheduleGroups } from './api/schedule.ts';
import { ScheduleRow } from './ScheduleRow.tsx';

const COLUMNS = ['campaign', 'task', 'active', 'interval', 'time', 'startAt', 'nextRun'] as const;
const ACTIONS = [
  { action: ScheduleAction.AutoCheckBacklinks, key: 'checkBacklinks' },
  { action: ScheduleAction.AutoCheckIndexing, key: 'checkIndexing' },
] as const;

function GroupCard({ group, defaultOpen }: { group: ScheduleGroup; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(defaultOpen || group.attributes.isOpen);
  const a = group.attributes;
  const panelId = `schedule-group-${group.id}`;
  return (
    <Card className="overflow-hidden" data-schedule-group={group.id}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full flex-wrap items-center gap-3 px-5 py-4 text-left hover:bg-slate-50/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      >
        <ChevronRight
          className={cn('size-4 text-slate-400 transition-transform', open && 'rotate-90')}
          aria-hidden
        />
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <FolderOpen className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-ink">{a.name}</span>
          <span className="block truncate text-xs text-ink-subtle">{a.domains.join(', ')}</span>
        </span>
        <span className="flex flex-wrap gap-1.5">
          <Badge className="px-2">
            {t('scheduleUi.group.campaigns', { count: a.total, value: format.number(a.total) })}
          </Badge>
          <Badge tone={a.backlinks ? 'success' : 'neutral'} className="px-2">
            {t('scheduleUi.group.backlinks', { count: a.backlinks, value: format.number(a.backlinks) })}
          </Badge>
          <Badge tone={a.indexing ? 'success' : 'neutral'} className="px-2">
            {t('scheduleUi.group.indexing', { count: a.indexing, value: format.number(a.indexing) })}
          </Badge>
        </span>
      </button>
      {open ? (
        <div id={panelId} className="border-t border-line">
          <Table>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <Th key={column}>{t(`scheduleUi.columns.${column}`)}</Th>
                ))}
                <Th>
                  <span className="sr-only">{t('scheduleUi.save')}</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {a.campaigns.map((campaign) =>
                ACTIONS.map(({ action, key }, index) => (
                  <ScheduleRow
                    key={`${campaign.id}-${action}`}
                    campaign={campaign}
                    action={action}
                    schedule={campaign[key]}
                    first={
                      index === 0 ? (
                        <Td rowSpan={ACTIONS.length} className="max-w-56 border-r border-slate-100 align-top">
                          <p className="truncate font-medium text-ink">{campaign.name}</p>
                          <p className="text-xs text-ink-subtle">
                            {t('scheduleUi.tier', { tier: campaign.tier })}
                          </p>
                          <p className="mt-1 text-xs text-ink-muted" data-campaign-days>
                            {t('scheduleUi.days', {
                              days:
                                campaign.weekdays.length === WEEKDAYS.length
                                  ? t('scheduleUi.everyDay')
                                  : campaign.weekdays.map(format.weekday).join(', '),
                            })}
                          </p>
                        </Td>
                      ) : null
                    }
                  />
                )),
              )}
            </tbody>
          </Table>
        </div>
      ) : null}
    </Card>
  );
}

export default function SchedulePage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(FIRST_PAGE, Number(params.get('page')) || FIRST_PAGE);
  const groups = useScheduleGroups(page);
  const list = groups.data?.data ?? [];
  return (
    <>
      <PageHeader title={t('scheduleUi.title')} description={t('scheduleUi.subtitle')} />
      {groups.isError ? (
        <Alert tone="error">{t('tasksUi.loadFailed')}</Alert>
      ) : groups.isPending ? (
        <div className="space-y-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={<CalendarClock className="size-6" aria-hidden />}
            title={t('scheduleUi.empty.title')}
            body={t('scheduleUi.empty.body')}
          />
        </Card>
      ) : (
        <div className="space-y-4">
          {list.map((group, index) => (
            <GroupCard key={group.id} group={group} defaultOpen={index === 0} />
          ))}
          {groups.data && groups.data.meta.page.lastPage > 1 ? (
            <Card>
              <Pager
                summary
                meta={groups.data.meta.page}
                onPage={(next) => setParams({ page: String(next) }, { replace: true })}
              />
            </Card>
          ) : null}
        </div>
      )}
    </>
  );
}
