import { BalanceTransactionType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { accountMembers, campaigns, links, projects, users } from '../db/schema/index.ts';
import { createAccessToken } from '../modules/auth/auth.queries.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { applyLedgerEntry } from '../modules/balance/ledger.ts';

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
  const { balance, ...rest } = values;
  const [created] = await db
    .insert(users)
    .values({
      name: `User ${sequence}`,
      email: `user${sequence}-${Date.now()}@example.com`,
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      emailVerifiedAt: new Date(),
      ...rest,
    })
    .returning();
  // Credits arrive through the ledger, so balance and ledger agree from the start.
  if (balance)
    await applyLedgerEntry(db, { userId: created.id, value: balance, typeId: BalanceTransactionType.TopUp });
  const user = balance ? await reloadUser(db, created.id) : created;
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

export async function makeProject(
  db: Queryable,
  params: { userId: number; name?: string; domains?: string[]; isFavorite?: boolean },
) {
  const domains = params.domains ?? [`site${++sequence}.example.com`];
  const [project] = await db
    .insert(projects)
    .values({
      userId: params.userId,
      name: params.name ?? domains[0],
      mainDomain: domains[0],
      domains,
      isFavorite: params.isFavorite ?? false,
    })
    .returning();
  return project;
}

export async function makeCampaign(
  db: Queryable,
  params: { userId: number; projectId: number; name?: string; tier?: number },
) {
  const [campaign] = await db
    .insert(campaigns)
    .values({
      userId: params.userId,
      projectId: params.projectId,
      name: params.name ?? `Campaign ${++sequence}`,
      tier: params.tier ?? 1,
    })
    .returning();
  return campaign;
}

/** A user with a project, a tier 1 campaign and a token: the usual starting point of a links test. */
export async function makeWorkspace(db: Queryable) {
  const { user, token } = await makeUserWithToken(db);
  const project = await makeProject(db, { userId: user.id });
  const campaign = await makeCampaign(db, { userId: user.id, projectId: project.id });
  return { user, token, project, campaign };
}

export async function makeLinks(
  db: Queryable,
  params: {
    campaign: typeof campaigns.$inferSelect;
    urls: string[];
    values?: Partial<typeof links.$inferInsert>;
  },
) {
  return db
    .insert(links)
    .values(
      params.urls.map((url) => ({
        userId: params.campaign.userId,
        projectId: params.campaign.projectId,
        campaignId: params.campaign.id,
        tier: params.campaign.tier,
        url,
        ...params.values,
      })),
    )
    .returning();
}

/**
 * A member of `accountId`'s team (issue 27) with a session working in that account: `roleId` 1 works
 * in the app, others are payroll roles.
 */
export async function makeMember(
  db: Queryable,
  params: { accountId: number; permissions: readonly string[]; roleId?: number; name?: string },
) {
  const user = await makeUser(db, { name: params.name ?? 'Team member' });
  await db.insert(accountMembers).values({
    accountId: params.accountId,
    userId: user.id,
    roleId: params.roleId ?? 1,
    permissions: [...params.permissions],
  });
  return { user, token: await createAccessToken(db, user.id, params.accountId) };
}
