import { type Checker, CheckFailure, createChecker } from '@linkwatch/checker';
import { type Locale, WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_DAYS } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { notify } from '../notifications/notifications.service.ts';
import { secretBoxFor, signatureHeader } from './signing.ts';
import {
  claimDueDeliveries,
  disableEndpoint,
  findUserLocale,
  markEndpointFailing,
  markEndpointHealthy,
  updateDelivery,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhooks.queries.ts';

/** Bytes of an endpoint's answer read (the rest is dropped) and kept in the log. */
const ANSWER_MAX_BYTES = 64 * 1024;
const ERROR_KEPT_CHARS = 300;
const BATCH = 20;
const LEASE_MS = 5 * 60 * 1000;
/** Back-off: 1 min after the first failure, doubling, at most 12 h apart, until the 3 days are up. */
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_WAIT_MS = 12 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** What sends a delivery: the checker's SSRF guard and per-host limits, with a time and size limit. */
export interface WebhookSender {
  post(
    url: URL,
    request: { headers: Record<string, string>; body: string },
  ): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export function createWebhookSender(config: AppContext['config']): WebhookSender {
  const checker: Checker = createChecker({
    allowPrivateNetworks: config.checker.allowPrivateNetworks,
    parseThreads: 0,
    perHost: config.checker.perHost,
    timeoutMs: config.webhooks.timeoutMs,
    connectTimeoutMs: Math.min(config.webhooks.timeoutMs, 10_000),
  });
  const timeoutMs = config.webhooks.timeoutMs;
  return {
    async post(url, request) {
      const file = await checker.postFile(url, {
        ...request,
        maxBytes: ANSWER_MAX_BYTES,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: file.status, text: file.text };
    },
    close: () => checker.close(),
  };
}

type DeliveryContext = Pick<AppContext, 'db' | 'config' | 'events' | 'log'>;

/**
 * Sends the deliveries due by `now` (tests move it), each signed afresh: the worker's clock calls this
 * every few seconds. A 2xx answer delivers it; anything else (another status, no answer in time, a
 * refused address) is retried with back-off until 3 days after the event, then given up. An endpoint
 * with no success for WEBHOOK_DISABLE_AFTER_DAYS is disabled and its owner told.
 */
export async function deliverDueWebhooks(
  ctx: DeliveryContext,
  params: { sender: WebhookSender; now?: Date },
): Promise<number> {
  const now = params.now ?? new Date();
  const claimed = await claimDueDeliveries(ctx.db, {
    now,
    limit: BATCH,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
  });
  const box = claimed.length ? await secretBoxFor(ctx.config.webhooks) : null;
  for (const { delivery, endpoint } of claimed) {
    if (!box) break;
    await deliverOne(ctx, {
      delivery,
      endpoint,
      secret: box.open(endpoint.secretEncrypted),
      now,
      sender: params.sender,
    });
  }
  return claimed.length;
}

async function deliverOne(
  ctx: DeliveryContext,
  params: {
    delivery: WebhookDelivery;
    endpoint: WebhookEndpoint;
    secret: string;
    now: Date;
    sender: WebhookSender;
  },
) {
  const { delivery, endpoint, now } = params;
  if (endpoint.disabledAt) {
    await updateDelivery(ctx.db, {
      id: delivery.id,
      values: { status: 'failed', leaseUntil: null, lastError: 'endpoint disabled' },
    });
    return;
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const answer = await params.sender.post(new URL(endpoint.url), {
      headers: {
        'content-type': 'application/json',
        'linkwatch-event-id': delivery.eventId,
        'linkwatch-event': delivery.eventType,
        'linkwatch-signature': signatureHeader({ secret: params.secret, body: delivery.body, timestamp }),
      },
      body: delivery.body,
    });
    status = answer.status;
    if (status < 200 || status >= 300) error = answer.text.slice(0, ERROR_KEPT_CHARS) || `HTTP ${status}`;
  } catch (failure) {
    error = failure instanceof CheckFailure ? `${failure.code}: ${failure.message}` : String(failure);
    error = error.slice(0, ERROR_KEPT_CHARS);
  }
  const attempts = delivery.attempts + 1;
  const common = { attempts, lastAttemptAt: now, lastStatusCode: status, leaseUntil: null };
  if (error === null) {
    await updateDelivery(ctx.db, {
      id: delivery.id,
      values: { ...common, status: 'delivered', deliveredAt: now, lastError: null },
    });
    await markEndpointHealthy(ctx.db, endpoint.id);
    return;
  }
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  const givenUp = next.getTime() > delivery.giveUpAt.getTime();
  await updateDelivery(ctx.db, {
    id: delivery.id,
    values: { ...common, lastError: error, status: givenUp ? 'failed' : 'pending', nextAttemptAt: next },
  });
  const failing = await markEndpointFailing(ctx.db, { endpointId: endpoint.id, at: now });
  const failingSince = failing?.failingSince?.getTime() ?? now.getTime();
  // Failing for days: no success for WEBHOOK_DISABLE_AFTER_DAYS, or a delivery given up after its whole
  // 3 days of retries without the endpoint answering any other one well meanwhile.
  const eventAt = delivery.giveUpAt.getTime() - WEBHOOK_RETRY_DAYS * DAY_MS;
  const failingForDays =
    now.getTime() - failingSince >= WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS ||
    (givenUp && failingSince <= eventAt);
  if (failingForDays) await disable(ctx, { endpoint, now });
}

/** Disables a failing endpoint (once) and tells its owner in the app. */
async function disable(ctx: DeliveryContext, params: { endpoint: WebhookEndpoint; now: Date }) {
  const disabled = await disableEndpoint(ctx.db, { endpointId: params.endpoint.id, at: params.now });
  if (!disabled) return;
  ctx.log.warn(
    { endpointId: disabled.id, userId: disabled.userId },
    'webhook endpoint disabled after failing',
  );
  const locale = ((await findUserLocale(ctx.db, disabled.userId)) ?? 'en') as Locale;
  await notify(ctx, {
    userId: disabled.userId,
    type: 'warning',
    message: translate(locale, 'webhooks.disabledNotice', {
      url: disabled.url,
      days: WEBHOOK_DISABLE_AFTER_DAYS,
    }),
  });
}
