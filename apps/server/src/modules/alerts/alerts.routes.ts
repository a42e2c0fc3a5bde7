import {
  ZAlertChannelResponse,
  ZAlertOverviewResponse,
  ZAlertRuleRequest,
  ZAlertRuleResponse,
  ZAlertSettingsRequest,
  ZIdParams,
  ZSlackChannelRequest,
  ZTelegramConnectResponse,
  ZTrueResponse,
} from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { iso } from '../../http/present.ts';
import { presentChannel, presentRule } from './alerts.presenter.ts';
import {
  alertOverview,
  connectSlack,
  connectTelegram,
  projectAlertRule,
  removeAlertChannel,
  resumeAlertChannel,
  saveAlertSettings,
  saveProjectAlertRule,
} from './alerts.service.ts';

const tags = ['alerts'];
const security = [{ bearerAuth: [] }];

/** Alerts (issue 32): the user's channels and digest hour, and each project's rule. */
export function alertRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/alerts',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        response: { 200: ZAlertOverviewResponse },
      },
    },
    async (req) => {
      const overview = await alertOverview(ctx, requireAccount(req).accountId);
      return { data: { ...overview, channels: overview.channels.map(presentChannel) } };
    },
  );

  r.put(
    '/alerts/settings',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        body: ZAlertSettingsRequest,
        response: { 200: ZAlertOverviewResponse },
      },
    },
    async (req) => {
      const userId = requireAccount(req).accountId;
      await saveAlertSettings(ctx, { userId, body: req.body });
      const overview = await alertOverview(ctx, userId);
      return { data: { ...overview, channels: overview.channels.map(presentChannel) } };
    },
  );

  r.put(
    '/alerts/channels/slack',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        body: ZSlackChannelRequest,
        response: { 200: ZAlertChannelResponse },
      },
    },
    async (req) => {
      const channel = await connectSlack(ctx, { userId: requireAccount(req).accountId, url: req.body.url });
      return { data: presentChannel(channel) };
    },
  );

  r.post(
    '/alerts/channels/telegram',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        response: { 201: ZTelegramConnectResponse },
      },
    },
    async (req, reply) => {
      const started = await connectTelegram(ctx, { userId: requireAccount(req).accountId });
      return reply.code(201).send({
        data: {
          startUrl: started.startUrl,
          expiresAt: iso(started.expiresAt),
          channel: presentChannel(started.channel),
        },
      });
    },
  );

  r.post(
    '/alerts/channels/:id/resume',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        response: { 200: ZAlertChannelResponse },
      },
    },
    async (req) => {
      const channel = await resumeAlertChannel(ctx, {
        userId: requireAccount(req).accountId,
        id: req.params.id,
      });
      return { data: presentChannel(channel) };
    },
  );

  r.delete(
    '/alerts/channels/:id',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        response: { 200: ZTrueResponse },
      },
    },
    async (req) => {
      await removeAlertChannel(ctx, { userId: requireAccount(req).accountId, id: req.params.id });
      return true as const;
    },
  );

  r.get(
    '/projects/:id/alerts',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.read' as const,
        params: ZIdParams,
        response: { 200: ZAlertRuleResponse },
      },
    },
    async (req) => {
      const projectId = req.params.id;
      const rule = await projectAlertRule(ctx, { userId: requireAccount(req).accountId, projectId });
      return { data: presentRule({ projectId, rule }) };
    },
  );

  r.put(
    '/projects/:id/alerts',
    {
      schema: {
        tags,
        security,
        'x-permission': 'projects.manage' as const,
        params: ZIdParams,
        body: ZAlertRuleRequest,
        response: { 200: ZAlertRuleResponse },
      },
    },
    async (req) => {
      const projectId = req.params.id;
      const rule = await saveProjectAlertRule(ctx, {
        userId: requireAccount(req).accountId,
        projectId,
        body: req.body,
      });
      return { data: presentRule({ projectId, rule }) };
    },
  );
}
