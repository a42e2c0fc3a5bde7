import type { AlertChannel } from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import type { FinishedListener } from '../actions/action-events.ts';
import type { ActionRow } from '../actions/types.ts';
import { payloadForMember } from './alerts.policy.ts';
import {
  accountMemberRecipients,
  findRecipient,
  insertMessages,
  type NewAlertMessage,
  newlyDeadFeeds,
  projectNames,
  rulesOfProjects,
  taskChanges,
} from './alerts.queries.ts';
import { memberEmailChannel } from './channels.ts';
import { type AlertPayload, addDeadFeeds, applyRule, summarise } from './evaluate.ts';

/**
 * When a task ends, its report's changes are read against the rules of the projects they touch, and
 * one grouped message per project and channel is queued (held for the digest, or due at once). The
 * worker's delivery loop sends them; a failure here is logged and never fails the task.
 */
export function alertTaskListener(ctx: Pick<AppContext, 'db' | 'log'>): FinishedListener {
  return async (action) => {
    try {
      await queueTaskAlerts(ctx, action);
    } catch (err) {
      ctx.log.error({ err, actionId: action.id }, 'task alerts not queued');
    }
  };
}

export async function queueTaskAlerts(ctx: Pick<AppContext, 'db'>, action: ActionRow) {
  const changes = await taskChanges(ctx.db, { userId: action.userId, actionId: action.id });
  const byProject = summarise(changes);
  // The task's own project hears of its end even when the check changed nothing.
  if (action.projectId !== null && !byProject.has(action.projectId)) byProject.set(action.projectId, {});
  const projectIds = [...byProject.keys()].filter((id): id is number => id !== null);
  const rules = await rulesOfProjects(ctx.db, { userId: action.userId, projectIds });
  if (rules.length === 0) return [];
  // The check's end refreshed the tier 2 flags (its handler's finish runs before this listener).
  const watched = rules.filter((r) => r.events.includes('tierOneDead')).map((r) => r.projectId);
  addDeadFeeds(
    byProject,
    await newlyDeadFeeds(ctx.db, { userId: action.userId, projectIds: watched, since: action.createdAt }),
  );
  const recipient = await findRecipient(ctx.db, action.userId);
  if (!recipient) return [];
  // The rule's e-mail goes to the team too, each member told what their permissions let them see.
  const members = await accountMemberRecipients(ctx.db, action.userId);
  const names = new Map(
    (await projectNames(ctx.db, { userId: action.userId, ids: projectIds })).map((p) => [p.id, p.name]),
  );

  const rows: NewAlertMessage[] = [];
  for (const rule of rules) {
    const picked = applyRule({
      rule,
      events: byProject.get(rule.projectId) ?? {},
      task: action,
      balance: recipient.balance,
    });
    if (!picked) continue;
    const payload: AlertPayload = {
      projectId: rule.projectId,
      projectName: names.get(rule.projectId) ?? null,
      actionId: action.id,
      actionCode: action.actionId,
      ...picked,
      rule: { id: rule.id, events: rule.events, mode: rule.mode },
    };
    const message = {
      userId: action.userId,
      projectId: rule.projectId,
      actionId: action.id,
      mode: rule.mode,
      status: rule.mode === 'digest' ? 'held' : 'pending',
    };
    const channels = rule.channels as (AlertChannel | `webhook:${number}`)[];
    for (const channel of channels) rows.push({ ...message, channel, payload });
    if (!channels.includes('email')) continue;
    for (const member of members) {
      const shown = payloadForMember(payload, member.permissions);
      if (shown) rows.push({ ...message, channel: memberEmailChannel(member.id), payload: shown });
    }
  }
  return insertMessages(ctx.db, rows);
}
