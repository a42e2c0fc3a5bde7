import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createAccessToken } from '../modules/auth/auth.queries.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

let sequence = 0;
const DEFAULT_PASSWORD = 'correct horse 1';
let defaultHash: Promise<string> | null = null;

/** A confirmed user, ready to log in; hashing the shared default password once keeps tests fast. */
export async function makeUser(
  db: Queryable,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  sequence += 1;
  const { password, ...values } = overrides;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: `User ${sequence}`,
      email: `user${sequence}-${Date.now()}@example.com`,
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      emailVerifiedAt: new Date(),
      ...values,
    })
    .returning();
  return { ...user, password: password ?? DEFAULT_PASSWORD };
}

export async function makeUserWithToken(db: Queryable, overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(db, overrides);
  return { user, token: await createAccessToken(db, user.id) };
}

export async function reloadUser(db: Queryable, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
