import type { AppContext } from '../context.ts';
import { nextRunAt } from '../lib/next-run.ts';
import { recheckIndexRequests } from '../modules/actions/add-to-index/recheck.ts';
import { runAlertDelivery } from '../modules/alerts/run.ts';
import { pruneEvidenceWhenDue } from '../modules/evidence/evidence.retention.ts';
import { type RunResult, runSchedule } from '../modules/schedules/run-schedule.ts';
import { claimDueSchedules, type Schedule } from '../modules/schedules/schedules.queries.ts';
import { createWebhookSender, deliverDueWebhooks, type WebhookSender } from '../modules/webhooks/delivery.ts';

export interface SchedulerOptions {
  /** How often due schedules are looked for. */
  intervalMs?: number;
  /** Schedules claimed per look; the rest wait for the next tick. */
  batchSize?: number;
}

/**
 * Starts scheduled tasks, and re-checks the pages indexing requests sent. Every process that runs workers runs one; a due schedule is claimed by
 * exactly one of them (see claimDueSchedules) and moved to its next run in the same transaction.
 * A process that dies between the claim and the start loses that one run: the next one comes on time.
 */
export function createScheduler(ctx: AppContext, options: SchedulerOptions = {}) {
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 50;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let webhookSender: WebhookSender | null = null;
  const sender = () => {
    webhookSender ??= createWebhookSender(ctx.config);
    return webhookSender;
  };

  /** Strictly after the run just claimed, and never in the past even if this process slept for days. */
  const following = (schedule: Schedule) => {
    const claimed = schedule.nextRunAt ?? new Date(0);
    const from = new Date(Math.max(Date.now(), claimed.getTime()));
    return nextRunAt(schedule, { from, strict: true });
  };

  /** Claims the due schedules and starts their tasks; answers what became of each. */
  async function tick(): Promise<{ scheduleId: number; result: RunResult }[]> {
    const claimed = await claimDueSchedules(ctx.db, { limit: batchSize, next: following });
    const results: { scheduleId: number; result: RunResult }[] = [];
    for (const schedule of claimed) {
      try {
        results.push({ scheduleId: schedule.id, result: await runSchedule(ctx, schedule) });
      } catch (err) {
        ctx.log.error({ err, scheduleId: schedule.id }, 'scheduled task failed to start');
      }
    }
    return results;
  }

  function loop() {
    current = Promise.all([
      tick().catch((err) => ctx.log.error({ err }, 'scheduler tick failed')),
      // Pages an indexing request sent come due for their re-check (and refund) on the same clock.
      recheckIndexRequests(ctx).catch((err) => ctx.log.error({ err }, 'index request re-check failed')),
      // Outgoing webhooks (issue 32) due by now, sent through the checker's SSRF guard.
      deliverDueWebhooks(ctx, { sender: sender() }).catch((err) =>
        ctx.log.error({ err }, 'webhook deliveries failed'),
      ),
      // Alerts: digests that came due, queued messages, and Telegram chats being connected.
      runAlertDelivery(ctx),
      // Evidence of link state changes (issue 31) older than EVIDENCE_RETENTION_DAYS, once an hour.
      pruneEvidenceWhenDue(ctx).catch((err) => ctx.log.error({ err }, 'evidence retention failed')),
    ]).finally(() => {
      if (running) timer = setTimeout(loop, intervalMs);
    });
  }

  return {
    tick,
    start() {
      if (running) return;
      running = true;
      loop();
    },
    /** Stops looking and waits for a tick in progress to finish. */
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
      await webhookSender?.close();
      webhookSender = null;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
