import type {
  TAdminProviderListResponse,
  TAdminTaskAttributes,
  TAdminTaskDetailAttributes,
  TAdminWorkerListResponse,
} from '@linkwatch/shared';
import { iso, type PageQuery, paginated, resource } from '../../http/present.ts';
import type { listTasks, recentWorkers, TaskRow } from './admin-tasks.queries.ts';
import type { taskPage } from './admin-tasks.service.ts';
import type { ProviderHealth } from './provider-health.service.ts';

function taskAttributes(task: TaskRow, email: string): TAdminTaskAttributes {
  return {
    userId: task.userId,
    email,
    actionId: task.actionId,
    statusId: task.statusId,
    projectId: task.projectId,
    totalCount: task.totalCount,
    currentCount: task.currentCount,
    successCount: task.successCount,
    errorCount: task.errorCount,
    price: task.price,
    cost: task.cost,
    refunded: task.refunded,
    cancelRequested: task.cancelRequested,
    createdAt: task.createdAt.toISOString(),
    startedAt: iso(task.startedAt),
    finishedAt: iso(task.finishedAt),
  };
}

export function presentTaskList(params: { found: Awaited<ReturnType<typeof listTasks>>; page: PageQuery }) {
  const data = params.found.rows.map(({ task, email }) =>
    resource('adminTasks', task.id, taskAttributes(task, email)),
  );
  return paginated(data, params.page, params.found.total);
}

export function presentTask(page: Awaited<ReturnType<typeof taskPage>>) {
  const attributes: TAdminTaskDetailAttributes = {
    ...taskAttributes(page.task, page.email),
    items: page.items,
    failedItems: page.failed.map((item) => ({
      id: item.id,
      url: item.url,
      error: item.error,
      attempts: item.attempts,
      processedAt: iso(item.processedAt),
    })),
  };
  return { data: resource('adminTasks', page.task.id, attributes) };
}

export function presentWorkers(rows: Awaited<ReturnType<typeof recentWorkers>>): TAdminWorkerListResponse {
  return {
    data: rows.map((row) => ({
      id: row.worker,
      type: 'adminWorkers' as const,
      attributes: { ...row, lastSeenAt: iso(row.lastSeenAt) },
    })),
  };
}

export function presentProviders(rows: ProviderHealth[]): TAdminProviderListResponse {
  return {
    data: rows.map((row) => ({
      id: row.provider,
      type: 'adminProviders' as const,
      attributes: {
        ...row,
        lastSeenAt: iso(row.lastSeenAt),
        lastErrorAt: iso(row.lastErrorAt),
        remainingAt: iso(row.remainingAt),
      },
    })),
  };
}
