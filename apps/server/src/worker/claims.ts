import { TaskStatus } from '@linkwatch/shared';
import { and, eq, sql } from 'drizzle-orm';
import { inIds } from '../db/bulk.ts';
import { type Db, rawRows } from '../db/client.ts';
import { actionItems, actions } from '../db/schema/index.ts';
import { type ActionRow, type ClaimedItem, ITEM_STATUS } from '../modules/actions/types.ts';

/**
 * A worker's hold on items: claimed in batches with a lease (SKIP LOCKED, so workers in other
 * processes never take the same items), renewed while it works, and checked before anything is
 * written, so an item taken over from a dead worker is written by its new owner alone.
 */
/**
 * `takeover`: only items another worker held whose lease has run out (a worker that died), which a
 * worker claims even while its own slots are busy, so they wait no longer than their lease.
 */
export interface ClaimScope {
  takeover?: boolean;
}

export interface Claims {
  nextClaimableAction(scope?: ClaimScope): Promise<ActionRow | undefined>;
  claim(
    params: { action: ActionRow; batchSize: number; leaseSeconds: number } & ClaimScope,
  ): Promise<ClaimedItem[]>;
  /** Renews the lease of the items every `everyMs` until the returned function is called. */
  keepWhileWorking(params: { itemIds: number[]; leaseSeconds: number; everyMs: number }): () => void;
  /** The WHERE of any write to the items: only while this worker still holds them. */
  heldByMe(itemIds: number[]): ReturnType<typeof and>;
  /**
   * Gives back every item this worker still holds and stops renewing: another worker takes them at
   * once instead of one lease later. What this worker still writes lands only if nobody took them.
   */
  releaseAll(): Promise<void>;
}

/** Items free to claim: never claimed, given back, or their lease run out; for a takeover, only the last. */
const claimable = ({ takeover }: ClaimScope) =>
  takeover
    ? sql`(${actionItems.lockedBy} is not null and ${actionItems.lockedUntil} < now())`
    : sql`(${actionItems.lockedUntil} is null or ${actionItems.lockedUntil} < now())`;

export function createClaims(params: {
  db: Db;
  workerId: string;
  onRenewFailed(error: unknown): void;
}): Claims {
  const { db, workerId } = params;
  let released = false;
  const heldByMe = (itemIds: number[]) =>
    and(
      inIds(actionItems.id, itemIds),
      eq(actionItems.lockedBy, workerId),
      eq(actionItems.status, ITEM_STATUS.Pending),
    );

  return {
    heldByMe,

    async nextClaimableAction(scope = {}) {
      const [row] = await db
        .select({ action: actions })
        .from(actionItems)
        .innerJoin(actions, eq(actions.id, actionItems.actionId))
        .where(
          and(
            eq(actionItems.status, ITEM_STATUS.Pending),
            claimable(scope),
            sql`${actions.statusId} in (${TaskStatus.Waiting}, ${TaskStatus.Process})`,
          ),
        )
        .orderBy(actionItems.id)
        .limit(1);
      return row?.action;
    },

    async claim({ action, batchSize, leaseSeconds, takeover }) {
      const rows = await rawRows<{
        id: number | string;
        link_id: number | null;
        attempts: number;
        error: string | null;
      }>(
        db,
        sql`
        update ${actionItems}
        set locked_until = now() + make_interval(secs => ${leaseSeconds}), locked_by = ${workerId}, attempts = attempts + 1
        where id in (
          select id from ${actionItems}
          where action_id = ${action.id} and status = ${ITEM_STATUS.Pending} and ${claimable({ takeover })}
          order by id
          limit ${batchSize}
          for update skip locked)
        returning id, link_id, attempts, error`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        linkId: r.link_id,
        attempts: r.attempts,
        lastError: r.error,
      }));
    },

    /**
     * A live worker keeps its lease however slow the donor sites are; a dead one stops renewing it,
     * so its items are taken over one lease later.
     */
    keepWhileWorking({ itemIds, leaseSeconds, everyMs }) {
      const renew = async () => {
        if (released) return;
        try {
          await db
            .update(actionItems)
            .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
            .where(heldByMe(itemIds));
        } catch (error) {
          params.onRenewFailed(error);
        }
      };
      const timer = setInterval(renew, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    async releaseAll() {
      released = true;
      await db
        .update(actionItems)
        // Stopped, not failed: the claim does not count as one of the item's tries.
        .set({ lockedUntil: null, attempts: sql`greatest(${actionItems.attempts} - 1, 0)` })
        .where(and(eq(actionItems.lockedBy, workerId), eq(actionItems.status, ITEM_STATUS.Pending)));
    },
  };
}
