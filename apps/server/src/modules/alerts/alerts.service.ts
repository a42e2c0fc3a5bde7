import type { TAlertRuleRequest, TAlertSettingsRequest, ZAlertRuleRequest } from '@linkwatch/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import { isAcceptableSlackUrl } from '../../providers/messengers/slack.ts';
import { TelegramError } from '../../providers/messengers/telegram.ts';
import { endpointsOf, subscribeEndpoints } from '../webhooks/webhooks.service.ts';
import { presentWebhookTarget } from './alerts.presenter.ts';
import {
  deleteChannel,
  findOwnProject,
  findRule,
  findSettings,
  listChannels,
  resumeChannel,
  upsertRule,
  upsertSettings,
  upsertSlackChannel,
} from './alerts.queries.ts';
import { webhookChannel } from './channels.ts';
import { DEFAULT_DIGEST } from './digest.ts';
import { messengersOf } from './messengers.ts';
import { startTelegramConnect } from './telegram-connect.ts';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** The user's channels, digest hour, and whether the operator configured a Telegram bot. */
export async function alertOverview(ctx: Ctx, userId: number) {
  const [channels, settings, endpoints] = await Promise.all([
    listChannels(ctx.db, userId),
    findSettings(ctx.db, userId),
    endpointsOf(ctx, userId),
  ]);
  return {
    channels,
    webhooks: endpoints.map(presentWebhookTarget),
    settings: settings ? { timeZone: settings.timeZone, digestHour: settings.digestHour } : DEFAULT_DIGEST,
    telegram: { available: messengersOf(ctx.config).telegram.available },
  };
}

export function saveAlertSettings(ctx: Ctx, params: { userId: number; body: TAlertSettingsRequest }) {
  return upsertSettings(ctx.db, { userId: params.userId, ...params.body });
}

async function ownProject(ctx: Ctx, params: { userId: number; projectId: number }) {
  const project = await findOwnProject(ctx.db, params);
  if (!project) throw notFound();
  return project;
}

export async function projectAlertRule(ctx: Ctx, params: { userId: number; projectId: number }) {
  await ownProject(ctx, params);
  return findRule(ctx.db, params);
}

/**
 * A rule may only name channels the user has connected (e-mail always is) and webhook endpoints of the
 * account; choosing an endpoint subscribes it to the `alert` event.
 */
export async function saveProjectAlertRule(
  ctx: Ctx,
  params: { userId: number; projectId: number; body: z.output<typeof ZAlertRuleRequest> | TAlertRuleRequest },
) {
  await ownProject(ctx, params);
  const body = params.body;
  const channels = [...new Set(body.channels)];
  const connected = new Set((await listChannels(ctx.db, params.userId)).map((c) => c.kind));
  if (channels.some((channel) => channel !== 'email' && !connected.has(channel))) {
    throw new FieldError({ channels: 'alerts.errors.channelNotConnected' });
  }
  const webhookIds = [...new Set(body.webhookIds ?? [])];
  const endpoints = new Set((await endpointsOf(ctx, params.userId)).map((e) => e.id));
  if (webhookIds.some((id) => !endpoints.has(id))) {
    throw new FieldError({ webhookIds: 'alerts.errors.webhookUnknown' });
  }
  if (body.events.includes('balanceLow') && (body.balanceThreshold ?? null) === null) {
    throw new FieldError({ balanceThreshold: 'alerts.errors.thresholdRequired' });
  }
  return ctx.db.transaction(async (tx) => {
    await subscribeEndpoints(tx, { userId: params.userId, ids: webhookIds, type: 'alert' });
    return upsertRule(tx, {
      userId: params.userId,
      projectId: params.projectId,
      events: [...new Set(body.events)],
      channels: [...channels, ...webhookIds.map(webhookChannel)],
      mode: body.mode,
      balanceThreshold: body.balanceThreshold ?? null,
    });
  });
}

export function connectSlack(ctx: Ctx, params: { userId: number; url: string }) {
  if (!isAcceptableSlackUrl(params.url, { allowPrivateNetworks: ctx.config.alerts.allowPrivateNetworks })) {
    throw new FieldError({ url: 'alerts.errors.slackUrl' });
  }
  return upsertSlackChannel(ctx.db, params);
}

export async function connectTelegram(ctx: Ctx, params: { userId: number }) {
  if (!messengersOf(ctx.config).telegram.available)
    throw new AppError('invalid', 'alerts.errors.telegramOff');
  try {
    return await startTelegramConnect(ctx, params);
  } catch (error) {
    if (error instanceof TelegramError || error instanceof TypeError) {
      throw new AppError('invalid', 'alerts.errors.telegramUnreachable');
    }
    throw error;
  }
}

export async function removeAlertChannel(ctx: Ctx, params: { userId: number; id: number }) {
  if (!(await deleteChannel(ctx.db, params))) throw notFound();
}

export async function resumeAlertChannel(ctx: Ctx, params: { userId: number; id: number }) {
  const channel = await resumeChannel(ctx.db, params);
  if (!channel) throw notFound();
  return channel;
}
