import { ActionCode, LinkListType } from '@linkwatch/shared';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { campaigns, links } from '../../db/schema/index.ts';
import type { ActionHandler, ActionRow, ClaimedItem, ItemOutcome } from './catalog.ts';

/** The list operations that run as tasks: they only change which tab (or campaign) a link is in. */
type Change = (tx: Tx, action: ActionRow, linkIds: number[]) => Promise<void>;

const setListType =
  (listType: number): Change =>
  async (tx, action, linkIds) => {
    await tx
      .update(links)
      .set({ listType })
      .where(and(eq(links.userId, action.userId), inArray(links.id, linkIds)));
  };

const removeLinks: Change = async (tx, action, linkIds) => {
  await tx.delete(links).where(and(eq(links.userId, action.userId), inArray(links.id, linkIds)));
};

/** A link already in the target campaign stays where it is: the same URL appears once per campaign. */
const moveToCampaign: Change = async (tx, action, linkIds) => {
  const targetId = Number((action.filters as { targetCampaign?: number }).targetCampaign);
  const [target] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, targetId), eq(campaigns.userId, action.userId)));
  if (!target) return;
  const alreadyThere = sql`exists (select 1 from links twin where twin.campaign_id = ${target.id} and twin.url = ${links.url})`;
  await tx
    .update(links)
    .set({ campaignId: target.id, projectId: target.projectId, tier: target.tier })
    .where(and(eq(links.userId, action.userId), inArray(links.id, linkIds), not(alreadyThere)));
};

function listMoveHandler(code: number, change: Change): ActionHandler<null> {
  return {
    code,
    batchSize: 500,
    leaseSeconds: 60,
    maxAttempts: 3,
    async process(_ctx, _action, items: ClaimedItem[]): Promise<ItemOutcome<null>[]> {
      return items.map((item) => ({
        itemId: item.id,
        kind: 'done',
        linkId: item.linkId,
        error: null,
        result: null,
      }));
    },
    async applyBatch(tx, action, done) {
      const linkIds = done.map((d) => d.linkId).filter((id): id is number => id !== null);
      if (linkIds.length > 0) await change(tx, action, linkIds);
    },
  };
}

export const listMoveHandlers: ActionHandler[] = [
  listMoveHandler(ActionCode.AddToHistory, setListType(LinkListType.History)),
  listMoveHandler(ActionCode.RecoverFromHistory, setListType(LinkListType.Active)),
  listMoveHandler(ActionCode.AddToDisallow, setListType(LinkListType.Disallow)),
  listMoveHandler(ActionCode.RecoverFromDisallow, setListType(LinkListType.Active)),
  listMoveHandler(ActionCode.Remove, removeLinks),
  listMoveHandler(ActionCode.Move, moveToCampaign),
];
