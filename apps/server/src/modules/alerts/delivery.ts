import { ALERT_CHANNEL_PAUSE_AFTER, type Locale } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import type { AppContext } from '../../context.ts';
import { sendSlack } from '../../providers/messengers/slack.ts';
import type { SendResult } from '../../providers/messengers/types.ts';
import { notify } from '../notifications/notifications.service.ts';
import { queueWebhookEventTo } from '../webhooks/webhooks.service.ts';
import { payloadForMember } from './alerts.policy.ts';
import {
  type AlertChannelRow,
  type AlertMessageRow,
  channelFailed,
  channelSucceeded,
  claimDueMessages,
  findChannel,
  findMemberRecipient,
  findMessage,
  findRecipient,
  updateMessage,
} from './alerts.queries.ts';
import { memberOfChannel, webhookEndpointOf } from './channels.ts';
import type { AlertPayload, DigestPayload } from './evaluate.ts';
import { messengersOf } from './messengers.ts';
import { renderAlert, toMail, toSlack, toTelegramHtml, toWebhookData } from './render.ts';

/** Tries of one message before it is given up. */
export const MAX_ATTEMPTS = 6;
/** Back-off after a temporary failure: 30 s, 1, 2, 4, 8 min… at most an hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
/** A service that keeps answering 429 still gets this many times more tries than one that fails. */
const RATE_LIMITED_FACTOR = 4;
const BATCH = 20;
const LEASE_SECONDS = 60;

type Ctx = Pick<AppContext, 'db' | 'log' | 'config' | 'mailer' | 'events'>;

/** Sends the due messages (one batch); answers how many were looked at. */
export async function deliverDueAlerts(ctx: Ctx, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const claimed = await claimDueMessages(ctx.db, { now, limit: BATCH, leaseSeconds: LEASE_SECONDS });
  for (const { id } of claimed) {
    const message = await findMessage(ctx.db, id);
    if (message?.status !== 'pending') continue;
    try {
      await deliverOne(ctx, message, now);
    } catch (err) {
      ctx.log.error({ err, alertMessageId: id }, 'alert delivery failed');
    }
  }
  return claimed.length;
}

async function deliverOne(ctx: Ctx, message: AlertMessageRow, now: Date) {
  const memberId = memberOfChannel(message.channel);
  if (memberId !== null) return deliverToMember(ctx, { message, memberId, now });
  const recipient = await findRecipient(ctx.db, message.userId);
  if (!recipient) return updateMessage(ctx.db, { id: message.id, status: 'failed', lastError: 'no user' });
  const endpointId = webhookEndpointOf(message.channel);
  if (endpointId !== null)
    return handToWebhooks(ctx, { message, endpointId, locale: recipient.locale as Locale, now });
  const channel =
    message.channel === 'email'
      ? null
      : await findChannel(ctx.db, { userId: message.userId, kind: message.channel });
  if (message.channel !== 'email' && channel?.status !== 'active') {
    // A channel removed, not connected or paused: the message is not kept waiting for it.
    const reason = channel ? `channel ${channel.status}` : 'channel not connected';
    return updateMessage(ctx.db, { id: message.id, status: 'failed', lastError: reason });
  }
  const locale = recipient.locale as Locale;
  const alert = renderAlert({
    payload: message.payload as AlertPayload | DigestPayload,
    locale,
    appUrl: ctx.config.appUrl,
  });
  const result = await send(ctx, { message, channel, email: recipient.email, alert });
  const attempts = message.attempts + 1;
  if (result.ok) {
    if (channel) await channelSucceeded(ctx.db, channel.id);
    return updateMessage(ctx.db, { id: message.id, status: 'sent', attempts, sentAt: now, lastError: null });
  }
  const rateLimited = result.retryAfterSeconds !== undefined;
  // Being asked to slow down is no fault of the channel: only real failures count towards a pause.
  if (channel && !rateLimited) {
    const paused = await channelFailed(ctx.db, {
      id: channel.id,
      error: result.error,
      pauseAfter: ALERT_CHANNEL_PAUSE_AFTER,
      now,
    });
    if (paused) await tellPaused(ctx, { channel: paused, locale });
  }
  const giveUp =
    result.permanent ||
    (!rateLimited && attempts >= MAX_ATTEMPTS) ||
    attempts >= MAX_ATTEMPTS * RATE_LIMITED_FACTOR;
  // 429: the service said when; otherwise exponential back-off.
  const wait = result.retryAfterSeconds ?? backoffSeconds(attempts);
  return updateMessage(ctx.db, {
    id: message.id,
    status: giveUp ? 'failed' : 'pending',
    attempts,
    lastError: result.error,
    nextAttemptAt: new Date(now.getTime() + wait * 1000),
  });
}

/**
 * A team member's copy of an alert e-mail (issue 27), as they are when it is sent: one who has left is
 * not mailed, and only what their permissions still let them see is told, in their language.
 */
async function deliverToMember(ctx: Ctx, params: { message: AlertMessageRow; memberId: number; now: Date }) {
  const { message, now } = params;
  const member = await findMemberRecipient(ctx.db, { accountId: message.userId, userId: params.memberId });
  const payload =
    member && payloadForMember(message.payload as AlertPayload | DigestPayload, member.permissions);
  if (!member || !payload) {
    const lastError = member ? 'nothing the member may see' : 'no longer a member';
    return updateMessage(ctx.db, { id: message.id, status: 'failed', lastError });
  }
  const alert = renderAlert({ payload, locale: member.locale as Locale, appUrl: ctx.config.appUrl });
  const attempts = message.attempts + 1;
  try {
    await ctx.mailer.send({ to: member.email, ...toMail(alert) });
    return updateMessage(ctx.db, { id: message.id, status: 'sent', attempts, sentAt: now, lastError: null });
  } catch (error) {
    return updateMessage(ctx.db, {
      id: message.id,
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      attempts,
      lastError: (error as Error).message,
      nextAttemptAt: new Date(now.getTime() + backoffSeconds(attempts) * 1000),
    });
  }
}

/**
 * A webhook channel's message becomes one `alert` event for its endpoint in the webhooks module's
 * queue, which signs, sends through the SSRF guard and retries it (and disables a failing endpoint);
 * the message is done once queued. An endpoint deleted, disabled or no longer taking `alert` fails it.
 */
async function handToWebhooks(
  ctx: Ctx,
  params: { message: AlertMessageRow; endpointId: number; locale: Locale; now: Date },
) {
  const { message, now } = params;
  const data = toWebhookData({
    payload: message.payload as AlertPayload | DigestPayload,
    locale: params.locale,
    appUrl: ctx.config.appUrl,
  });
  await ctx.db.transaction(async (tx) => {
    const eventId = await queueWebhookEventTo(tx, {
      userId: message.userId,
      endpointId: params.endpointId,
      type: 'alert',
      data,
      at: now,
    });
    await updateMessage(
      tx,
      eventId
        ? { id: message.id, status: 'sent', attempts: message.attempts + 1, sentAt: now, lastError: null }
        : {
            id: message.id,
            status: 'failed',
            attempts: message.attempts + 1,
            lastError: 'webhook endpoint gone, disabled or not taking alerts',
          },
    );
  });
}

async function send(
  ctx: Ctx,
  params: {
    message: AlertMessageRow;
    channel: AlertChannelRow | null;
    email: string;
    alert: ReturnType<typeof renderAlert>;
  },
): Promise<SendResult> {
  const { channel, alert } = params;
  const messengers = messengersOf(ctx.config);
  if (channel?.kind === 'slack' && channel.slackUrl) {
    return sendSlack(messengers.slack, { url: channel.slackUrl, message: toSlack(alert) });
  }
  if (channel?.kind === 'telegram' && channel.telegramChatId) {
    if (!messengers.telegram.available)
      return { ok: false, error: 'TELEGRAM_BOT_TOKEN is not set', permanent: true };
    return messengers.telegram.sendMessage({ chatId: channel.telegramChatId, text: toTelegramHtml(alert) });
  }
  if (params.message.channel === 'email') {
    try {
      await ctx.mailer.send({ to: params.email, ...toMail(alert) });
      return { ok: true };
    } catch (error) {
      return { ok: false, error: (error as Error).message, permanent: false };
    }
  }
  return { ok: false, error: 'channel not connected', permanent: true };
}

async function tellPaused(ctx: Ctx, params: { channel: AlertChannelRow; locale: Locale }) {
  const kind = translate(params.locale, `alerts.channels.${params.channel.kind}`);
  await notify(ctx, {
    userId: params.channel.userId,
    type: 'error',
    message: translate(params.locale, 'alerts.notifications.paused', {
      channel: kind,
      times: ALERT_CHANNEL_PAUSE_AFTER,
    }),
    props: [{ alertChannelId: params.channel.id, kind: params.channel.kind }],
  });
}
