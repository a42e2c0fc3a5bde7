import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** The site-wide settings are one row. */
export const SETTINGS_ID = 1;

export async function findSettings(db: Queryable) {
  const [row] = await db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
  return row;
}

export async function saveSettings(ctx: AppContext, values: Partial<typeof settings.$inferInsert>) {
  await ctx.db
    .insert(settings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values });
}
