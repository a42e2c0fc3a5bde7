import { ADMIN_TASK_FAILED_ITEMS, ADMIN_WORKER_MINUTES } from '@linkwatch/shared';
import { Activity, ListChecks, Search, Server } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { readPage } from '@/lib/listParams.ts';
import { notify } from '@/lib/notices.ts';
import { useListParams } from '@/lib/useListParams.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Input } from '@/ui/Input.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Pager } from '@/ui/Pager.tsx';
import { Select } from '@/ui/Select.tsx';
import { SkeletonRows, Table, TableMessage, Td, Th, Tr } from '@/ui/Table.tsx';
import {
  type AdminTask,
  type TaskListFilters,
  useAdminProviders,
  useAdminTask,
  useAdminTasks,
  useAdminWorkers,
  useCancelTask,
} from '../api/tasks.ts';
import { ReasonDialog } from '../ReasonDialog.tsx';

/** The list's status, customer, page and open task in the URL: a link or back keeps them. */
function useTasksState() {
  const [params, update] = useListParams({ restartPage: true });
  const filters = useMemo((): TaskListFilters => {
    const state = params.get('status');
    return {
      state: state === 'running' || state === 'waiting' ? state : undefined,
      user: params.get('user')?.trim() || undefined,
      page: readPage(params),
    };
  }, [params]);
  const task = Number(params.get('task')) || null;
  return {
    filters,
    task,
    setState: (state: string) => update({ status: state || null }),
    setUser: (user: string) => update({ user: user.trim() || null }),
    setPage: (page: number) => update({ page }),
    openTask: (id: number | null) => update({ task: id }),
  };
}

function Filters({ state }: { state: ReturnType<typeof useTasksState> }) {
  const { t } = useTranslation();
  const [user, setUser] = useState(state.filters.user ?? '');
  return (
    <form
      aria-label={t('admin.tasks.title')}
      className="flex flex-wrap gap-2 border-b border-line px-5 py-4"
      onSubmit={(e) => {
        e.preventDefault();
        state.setUser(user);
      }}
    >
      <Select
        aria-label={t('admin.tasks.filterStatus')}
        value={state.filters.state ?? ''}
        onChange={(e) => state.setState(e.target.value)}
        options={[
          { value: '', label: t('admin.tasks.allStates') },
          { value: 'running', label: t('admin.tasks.states.running') },
          { value: 'waiting', label: t('admin.tasks.states.waiting') },
        ]}
        className="w-56"
      />
      <Input
        type="search"
        aria-label={t('admin.tasks.filterUser')}
        placeholder={t('admin.tasks.userPlaceholder')}
        value={user}
        onChange={(e) => setUser(e.target.value)}
        className="max-w-xs"
      />
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden />
        {t('admin.tasks.filterUser')}
      </Button>
    </form>
  );
}

function TaskDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const task = useAdminTask(id);
  const cancel = useCancelTask(id);
  const [confirming, setConfirming] = useState(false);
  const a = task.data?.attributes;
  const running = a ? a.statusId === 0 || a.statusId === 2 : false;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('admin.tasks.detail.title', { id })}
      closeLabel={t('admin.common.close')}
      footer={
        running && a ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('admin.tasks.cancel.button')}
          </Button>
        ) : undefined
      }
    >
      {task.isError ? <Alert tone="error">{task.error.message}</Alert> : null}
      {!a ? (
        <p className="text-sm text-ink-muted">{t('admin.tasks.loading')}</p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm">
            {a.email} · {t(`tasks.actions.${a.actionId}` as 'tasks.actions.1')} ·{' '}
            {t(`tasks.statuses.${a.statusId}` as 'tasks.statuses.0')}
          </p>
          {a.cancelRequested && running ? (
            <Alert tone="info">{t('admin.tasks.detail.cancelRequested')}</Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {(['pending', 'done', 'failed', 'cancelled'] as const).map((k) => (
              <div key={k}>
                <dt className="text-ink-muted">{t(`admin.tasks.detail.${k}`)}</dt>
                <dd className="tabular-nums font-medium">{format.number(a.items[k])}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-sm font-semibold">
            {t('admin.tasks.detail.failedTitle', { count: ADMIN_TASK_FAILED_ITEMS })}
          </h3>
          {a.failedItems.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('admin.tasks.detail.noFailed')}</p>
          ) : (
            <div className="overflow-x-auto">
              <Table>
                <thead>
                  <tr>
                    <Th>{t('admin.tasks.detail.url')}</Th>
                    <Th>{t('admin.tasks.detail.error')}</Th>
                    <Th>{t('admin.tasks.detail.attempts')}</Th>
                    <Th>{t('admin.tasks.detail.processedAt')}</Th>
                  </tr>
                </thead>
                <tbody>
                  {a.failedItems.map((item) => (
                    <Tr key={item.id}>
                      <Td className="max-w-64 truncate">{item.url ?? '—'}</Td>
                      <Td>{item.error ?? '—'}</Td>
                      <Td className="tabular-nums">{item.attempts}</Td>
                      <Td className="whitespace-nowrap">{format.date(item.processedAt, true)}</Td>
                    </Tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </div>
      )}
      {a ? (
        <ReasonDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('admin.tasks.cancel.title', { id })}
          body={t('admin.tasks.cancel.text', { email: a.email })}
          confirmLabel={t('admin.tasks.cancel.confirm')}
          tone="danger"
          onConfirm={async (reason) => {
            const done: AdminTask = await cancel.mutateAsync(reason);
            notify.success(
              t('admin.tasks.cancel.done', {
                id,
                refund: format.number(done.attributes.refunded - a.refunded),
              }),
            );
          }}
        />
      ) : null}
    </Modal>
  );
}

/** Waiting and running tasks of all customers: filters and pages in the URL; a row opens the task. */
export function TasksTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useTasksState();
  const tasks = useAdminTasks(state.filters);
  const filtered = state.filters.state !== undefined || state.filters.user !== undefined;
  const headers = ['id', 'user', 'action', 'status', 'progress', 'cost', 'created', 'started'] as const;
  const rows = tasks.data?.data ?? [];
  return (
    <Card className="overflow-clip">
      <Filters key={state.filters.user ?? ''} state={state} />
      {tasks.isError ? (
        <div className="p-5">
          <Alert tone="error">{tasks.error.message}</Alert>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={t('admin.tasks.title')} aria-busy={tasks.isPending}>
            <thead>
              <tr>
                {headers.map((h) => (
                  <Th key={h}>{t(`admin.tasks.columns.${h}`)}</Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tasks.isPending ? (
                <SkeletonRows columns={headers.length} rows={5} />
              ) : rows.length === 0 ? (
                <TableMessage columns={headers.length}>
                  <EmptyState
                    icon={<ListChecks className="size-6" aria-hidden />}
                    title={t(filtered ? 'admin.tasks.emptyFiltered' : 'admin.tasks.empty')}
                  />
                </TableMessage>
              ) : (
                rows.map((row) => (
                  <Tr
                    key={row.id}
                    data-task-id={row.id}
                    className="cursor-pointer"
                    onClick={() => state.openTask(Number(row.id))}
                  >
                    <Td>
                      <button
                        type="button"
                        className="font-medium text-brand-700 hover:underline"
                        onClick={(e) => {
                          e.stopPropagation();
                          state.openTask(Number(row.id));
                        }}
                      >
                        #{row.id}
                      </button>
                    </Td>
                    <Td>{row.attributes.email}</Td>
                    <Td>{t(`tasks.actions.${row.attributes.actionId}` as 'tasks.actions.1')}</Td>
                    <Td>{t(`tasks.statuses.${row.attributes.statusId}` as 'tasks.statuses.0')}</Td>
                    <Td className="tabular-nums">
                      {format.number(row.attributes.currentCount)} /{' '}
                      {format.number(row.attributes.totalCount)}
                    </Td>
                    <Td className="tabular-nums">{format.number(row.attributes.cost)}</Td>
                    <Td className="whitespace-nowrap">{format.date(row.attributes.createdAt, true)}</Td>
                    <Td className="whitespace-nowrap">{format.date(row.attributes.startedAt, true)}</Td>
                  </Tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      )}
      {tasks.data && tasks.data.meta.page.lastPage > 1 ? (
        <div className="border-t border-line px-5 py-3">
          <Pager meta={tasks.data.meta.page} onPage={state.setPage} summary />
        </div>
      ) : null}
      {state.task !== null ? <TaskDetail id={state.task} onClose={() => state.openTask(null)} /> : null}
    </Card>
  );
}

/** The worker processes seen in the last minutes, from the leases they hold and the items they finished. */
export function WorkersPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const workers = useAdminWorkers();
  const headers = ['worker', 'held', 'done', 'failed', 'lastSeen'] as const;
  const rows = workers.data?.data ?? [];
  return (
    <Card className="overflow-clip">
      <CardHeader
        title={t('admin.tasks.workers.title')}
        description={t('admin.tasks.workers.description', { minutes: ADMIN_WORKER_MINUTES })}
      />
      {workers.isError ? (
        <div className="p-5">
          <Alert tone="error">{workers.error.message}</Alert>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={t('admin.tasks.workers.title')}>
            <thead>
              <tr>
                {headers.map((h) => (
                  <Th key={h}>{t(`admin.tasks.workers.${h}`)}</Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {workers.isPending ? (
                <SkeletonRows columns={headers.length} rows={2} />
              ) : rows.length === 0 ? (
                <TableMessage columns={headers.length}>
                  <EmptyState
                    icon={<Server className="size-6" aria-hidden />}
                    title={t('admin.tasks.workers.empty', { minutes: ADMIN_WORKER_MINUTES })}
                  />
                </TableMessage>
              ) : (
                rows.map((w) => (
                  <Tr key={w.id}>
                    <Td className="font-mono text-xs">{w.attributes.worker}</Td>
                    <Td className="tabular-nums">{format.number(w.attributes.held)}</Td>
                    <Td className="tabular-nums">{format.number(w.attributes.done)}</Td>
                    <Td className="tabular-nums">{format.number(w.attributes.failed)}</Td>
                    <Td className="whitespace-nowrap">{format.date(w.attributes.lastSeenAt, true)}</Td>
                  </Tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}

/**
 * Each outside provider as the processes saw it (issue 28): the last error with its time, the 429s of
 * the last hour (in red when there are any) and the quota left where the provider reports it.
 */
export function ProvidersPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const providers = useAdminProviders();
  const headers = ['provider', 'kind', 'requests', 'lastError', 'rateLimited', 'remaining'] as const;
  const rows = providers.data?.data ?? [];
  return (
    <Card className="overflow-clip">
      <CardHeader
        title={t('admin.tasks.providers.title')}
        description={t('admin.tasks.providers.description')}
      />
      {providers.isError ? (
        <div className="p-5">
          <Alert tone="error">{providers.error.message}</Alert>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={t('admin.tasks.providers.title')}>
            <thead>
              <tr>
                {headers.map((h) => (
                  <Th key={h}>{t(`admin.tasks.providers.${h}`)}</Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {providers.isPending ? (
                <SkeletonRows columns={headers.length} rows={2} />
              ) : rows.length === 0 ? (
                <TableMessage columns={headers.length}>
                  <EmptyState
                    icon={<Activity className="size-6" aria-hidden />}
                    title={t('admin.tasks.providers.empty')}
                  />
                </TableMessage>
              ) : (
                rows.map(({ id, attributes: p }) => (
                  <Tr key={id}>
                    <Td className="font-mono text-xs">{p.provider}</Td>
                    <Td>{t(`admin.tasks.providers.kinds.${p.kind}`)}</Td>
                    <Td className="tabular-nums">{format.number(p.requests)}</Td>
                    <Td className="min-w-64">
                      {p.lastError ? (
                        <>
                          <span className="block break-words text-sm text-ink">{p.lastError}</span>
                          <span className="block text-xs text-ink-subtle">
                            {format.date(p.lastErrorAt, true)}
                          </span>
                        </>
                      ) : (
                        <span className="text-ink-subtle">{t('admin.tasks.providers.noError')}</span>
                      )}
                    </Td>
                    <Td
                      className={`tabular-nums ${p.rateLimitedLastHour > 0 ? 'font-medium text-rose-700' : ''}`}
                    >
                      {format.number(p.rateLimitedLastHour)}
                    </Td>
                    <Td className="whitespace-nowrap">
                      {p.remaining === null ? (
                        <span className="text-ink-subtle">{t('admin.tasks.providers.unknown')}</span>
                      ) : (
                        <>
                          <span className="tabular-nums">{format.number(p.remaining)}</span>
                          <span className="block text-xs text-ink-subtle">
                            {t('admin.tasks.providers.asOf', { time: format.date(p.remainingAt, true) })}
                          </span>
                        </>
                      )}
                    </Td>
                  </Tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
