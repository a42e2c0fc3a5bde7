import type { EvidenceChangeType } from '@linkwatch/shared';
import { customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { links } from './projects.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A backlink as it stood in one state: where it pointed, how, and the text around it. */
export interface EvidenceBacklink {
  href: string;
  anchor: string;
  attribute: string;
  typeId: number;
  textBefore: string | null;
  textAfter: string | null;
}

/** Why a state has no screenshot: no browser configured, the browser failed, or none was kept then. */
export type ShotMissing = 'no_browser' | 'first_check' | 'failed' | 'not_kept';

/** One state of a link as a check saw it (or as stored, for the state before a change). */
export interface EvidenceState {
  /** When the state was seen: the check's time, or the previous check's for the state before. */
  at: string;
  url: string;
  finalUrl: string | null;
  responseCode: number | null;
  responseCodeGroup: number | null;
  indexingCapabilityId: number | null;
  /** Response headers; null when not kept (states seen before evidence was kept) or no answer came. */
  headers: Record<string, string> | null;
  backlinks: EvidenceBacklink[];
  shotMissing: ShotMissing | null;
}

export interface EvidenceChange {
  changesType: EvidenceChangeType;
  old: string | null;
  new: string | null;
}

/** A JPEG of a donor page as rendered, the link (or where it stood) marked. */
export const evidenceShots = pgTable(
  'evidence_shots',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    takenAt: at('taken_at').notNull().defaultNow(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 'link' (outlined), 'place' (where a gone link stood), 'top' (nothing found to mark). */
    marked: text('marked').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    index('evidence_shots_link_idx').on(t.linkId, t.takenAt),
    index('evidence_shots_taken_idx').on(t.takenAt),
  ],
);

/** One state change of a link, with the state before and after (issue 31, Evidence). */
export const linkEvidence = pgTable(
  'link_evidence',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    actionId: integer('action_id'),
    createdAt: createdAt(),
    changes: jsonb('changes').$type<EvidenceChange[]>().notNull(),
    /** Null when the link had not been checked before (its first check found it). */
    before: jsonb('before').$type<EvidenceState>(),
    after: jsonb('after').$type<EvidenceState>().notNull(),
    beforeShotId: integer('before_shot_id').references(() => evidenceShots.id, { onDelete: 'set null' }),
    afterShotId: integer('after_shot_id').references(() => evidenceShots.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('link_evidence_link_idx').on(t.linkId, t.createdAt),
    index('link_evidence_created_idx').on(t.createdAt),
  ],
);
