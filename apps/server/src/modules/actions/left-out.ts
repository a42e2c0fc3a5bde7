import { SKIP_REASONS, type SkipReason } from '@linkwatch/shared';
import { and, not, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rawRows } from '../../db/client.ts';
import { links } from '../../db/schema/index.ts';
import type { LeaveOutRule } from './types.ts';

/** The selection without the links a rule leaves out: what a task makes items for and charges. */
export function keptWhere(where: SQL, rules: LeaveOutRule[]): SQL {
  if (rules.length === 0) return where;
  return and(where, not(or(...rules.map((rule) => rule.where))!)) as SQL;
}

/** How many selected links each rule leaves out (a link counts under the first rule it falls under). */
export async function countLeftOut(
  db: Queryable,
  where: SQL,
  rules: LeaveOutRule[],
): Promise<Partial<Record<SkipReason, number>>> {
  if (rules.length === 0) return {};
  const reason = sql`case ${sql.join(
    rules.map((rule) => sql`when ${rule.where} then ${rule.reason}::text`),
    sql` `,
  )} end`;
  const rows = await rawRows<{ reason: string; count: number | string }>(
    db,
    sql`select reason, count(*) as count
        from (select ${reason} as reason from ${links} where ${where}) as r
        where reason is not null group by reason`,
  );
  const counts: Partial<Record<SkipReason, number>> = {};
  for (const reason of SKIP_REASONS) {
    const row = rows.find((r) => r.reason === reason);
    if (row) counts[reason] = Number(row.count);
  }
  return counts;
}
