import type { AppContext } from '../../context.ts';
import { deliverDueAlerts } from './delivery.ts';
import { releaseDueDigests } from './digest.ts';
import { pollTelegramUpdates } from './telegram-connect.ts';

/** The last failure logged per part: a service down for an hour is one line in the log, not 720. */
const lastFailure = new Map<string, string>();

/** One round of the worker's alert duties; each part's failure is logged and leaves the others. */
export async function runAlertDelivery(ctx: AppContext, options: { now?: Date } = {}) {
  const guard = (what: string, work: Promise<unknown>) =>
    work.then(
      () => lastFailure.delete(what),
      (err: Error) => {
        if (lastFailure.get(what) === err.message) return;
        lastFailure.set(what, err.message);
        ctx.log.error({ err }, `alerts: ${what} failed`);
      },
    );
  await guard('telegram updates', pollTelegramUpdates(ctx, options));
  await guard('digests', releaseDueDigests(ctx, options));
  await guard('delivery', deliverDueAlerts(ctx, options));
}
