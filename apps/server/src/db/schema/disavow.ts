import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * A version of a project's disavow list (issue 32): a full snapshot, made by one change and never
 * changed after. `number` counts 1, 2, 3… per project. The counts are kept on the row, since a
 * version's entries, and so its counts against the one before, never change.
 */
export const disavowVersions = pgTable(
  'disavow_versions',
  {
    id: id(),
    /** The account. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    reason: text('reason').notNull(),
    /** Who made the change (the owner or a member); null once that user is deleted. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    domainCount: integer('domain_count').notNull().default(0),
    urlCount: integer('url_count').notNull().default(0),
    addedCount: integer('added_count').notNull().default(0),
    removedCount: integer('removed_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disavow_versions_project_number_unique').on(t.projectId, t.number),
    index('disavow_versions_user_idx').on(t.userId),
  ],
);

/** One line of a version: a domain (`domain:` line) or a URL, with why and when it first entered the list. */
export const disavowEntries = pgTable(
  'disavow_entries',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => disavowVersions.id, { onDelete: 'cascade' }),
    /** domain | url */
    kind: text('kind').notNull(),
    /** A bare host for a domain, the URL for a URL. */
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    /** When the entry first entered the list; later versions carry it over. */
    addedAt: at('added_at').notNull(),
  },
  (t) => [uniqueIndex('disavow_entries_version_value_unique').on(t.versionId, t.kind, t.value)],
);
