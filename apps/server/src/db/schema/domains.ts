import { bigint, integer, pgTable, real, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A donor domain of a user's links (spec point 3, Domain) with what the authority services said of
 * it. Its links are found by their host; the row exists once the domain's authority was checked.
 */
export const domains = pgTable(
  'domains',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The host without `www.`, lower-case: "blog.example.com". */
    domain: text('domain').notNull(),
    da: smallint('da'),
    mozRank: real('moz_rank'),
    spamScore: smallint('spam_score'),
    pageRankDecimal: real('page_rank_decimal'),
    pageRank: integer('page_rank'),
    semRushRank: bigint('sem_rush_rank', { mode: 'number' }),
    semRushTraffic: bigint('sem_rush_traffic', { mode: 'number' }),
    semRushKeywords: bigint('sem_rush_keywords', { mode: 'number' }),
    semRushLinks: bigint('sem_rush_links', { mode: 'number' }),
    linksIn: bigint('links_in', { mode: 'number' }),
    referringPage: bigint('referring_page', { mode: 'number' }),
    /** Reactions, comments and shares of the home page on Facebook. */
    faceBookActivity: bigint('face_book_activity', { mode: 'number' }),
    /** The services that answered last, e.g. "openpagerank+moz". */
    providers: text('providers'),
    dateCheckAuthority: at('date_check_authority'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('domains_user_domain_unique').on(t.userId, t.domain)],
);
