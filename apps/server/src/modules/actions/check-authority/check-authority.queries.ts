import { sql } from 'drizzle-orm';
import { jsonRows } from '../../../db/bulk.ts';
import type { Tx } from '../../../db/client.ts';
import { domains, links } from '../../../db/schema/index.ts';
import type { ActionRow, DoneOutcome } from '../types.ts';
import type { AuthorityResult } from './figures.ts';

/**
 * Writes a batch's figures: one Domain row per donor domain (a field no service gave this time keeps
 * its value), and the page's own figures on the link.
 */
export async function applyAuthority(tx: Tx, action: ActionRow, done: DoneOutcome<AuthorityResult>[]) {
  const byDomain = new Map<string, NonNullable<AuthorityResult['domainFigures']>>();
  for (const { result } of done) if (result.domainFigures) byDomain.set(result.domain, result.domainFigures);
  if (byDomain.size > 0) {
    const rows = [...byDomain].map(([domain, { figures: f, providers }]) => ({
      user_id: action.userId,
      domain,
      da: f.da ?? null,
      moz_rank: f.mozRank ?? null,
      spam_score: f.spamScore ?? null,
      page_rank_decimal: f.pageRankDecimal ?? null,
      page_rank: f.pageRank ?? null,
      sem_rush_rank: f.semRushRank ?? null,
      sem_rush_traffic: f.semRushTraffic ?? null,
      sem_rush_keywords: f.semRushKeywords ?? null,
      sem_rush_links: f.semRushLinks ?? null,
      links_in: f.linksIn ?? null,
      referring_page: f.referringPage ?? null,
      face_book_activity: f.faceBookActivity ?? null,
      providers: providers.join('+'),
    }));
    const kept = (column: string) => sql.raw(`${column} = coalesce(excluded.${column}, domains.${column})`);
    await tx.execute(sql`
      insert into ${domains} (${sql.raw(Object.keys(DOMAIN_SHAPE).join(', '))}, date_check_authority)
      select ${sql.raw(Object.keys(DOMAIN_SHAPE).join(', '))}, now() from ${jsonRows(rows, DOMAIN_SHAPE)}
      on conflict (user_id, domain) do update set
        ${sql.join(FIGURES.map(kept), sql`, `)},
        providers = excluded.providers, date_check_authority = now(), updated_at = now()`);
  }
  const pages = done
    .filter((d) => d.linkId !== null && d.result.pageFigures)
    .map((d) => ({
      id: d.linkId,
      pa: d.result.pageFigures?.figures.pa ?? null,
      sem_rush_u_links: d.result.pageFigures?.figures.semRushULinks ?? null,
    }));
  if (pages.length > 0) {
    await tx.execute(sql`
      update ${links} set pa = coalesce(v.pa, links.pa),
        sem_rush_u_links = coalesce(v.sem_rush_u_links, links.sem_rush_u_links), updated_at = now()
      from ${jsonRows(pages, { id: 'int', pa: 'int', sem_rush_u_links: 'int' })}
      where ${links.id} = v.id`);
  }
}

const FIGURES = [
  'da',
  'moz_rank',
  'spam_score',
  'page_rank_decimal',
  'page_rank',
  'sem_rush_rank',
  'sem_rush_traffic',
  'sem_rush_keywords',
  'sem_rush_links',
  'links_in',
  'referring_page',
  'face_book_activity',
];

const DOMAIN_SHAPE = {
  user_id: 'int',
  domain: 'text',
  da: 'smallint',
  moz_rank: 'real',
  spam_score: 'smallint',
  page_rank_decimal: 'real',
  page_rank: 'int',
  sem_rush_rank: 'bigint',
  sem_rush_traffic: 'bigint',
  sem_rush_keywords: 'bigint',
  sem_rush_links: 'bigint',
  links_in: 'bigint',
  referring_page: 'bigint',
  face_book_activity: 'bigint',
  providers: 'text',
} as const;
