import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * The operator console's audit (issue 28): who changed what, when, the values before and after and
 * the reason typed. Append-only (a trigger refuses UPDATE and DELETE); ids without foreign keys, so
 * a row outlives what it names.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: id(),
    actorId: integer('actor_id').notNull(),
    targetUserId: integer('target_user_id'),
    kind: text('kind').notNull(),
    subject: text('subject'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_target_idx').on(t.targetUserId, t.createdAt),
    index('admin_audit_actor_idx').on(t.actorId, t.createdAt),
  ],
);
