import { BalanceTransactionType } from '@linkwatch/shared';
import { createUser } from '../cli/commands.ts';
import type { Db } from '../db/client.ts';
import { DEMO_CREDITS_DESCRIPTION } from '../modules/balance/descriptions.ts';
import { applyLedgerEntry } from '../modules/balance/ledger.ts';
import { countUsers } from '../modules/users/users.queries.ts';
import { makeDemoProject } from './project.ts';

export const DEMO_EMAIL = 'demo@linkwatch.local';
export const DEMO_CREDITS = 1000;
/** An operator beside the demo customer, with the same password, to try the console (issue 28). */
export const DEMO_OPERATOR_EMAIL = 'operator@linkwatch.local';

/**
 * On an empty database only: a demo account with credits and a sample project, and an operator with
 * the same password (DEMO_OPERATOR_EMAIL). Returns the demo account's login.
 */
export async function seedDemo(db: Db, params: { sampleOrigin: string; password: string }) {
  if ((await countUsers(db)) > 0) return null;
  const user = await createUser(db, { email: DEMO_EMAIL, password: params.password, name: 'Demo user' });
  await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId: user.id,
      value: DEMO_CREDITS,
      typeId: BalanceTransactionType.Bonus,
      description: DEMO_CREDITS_DESCRIPTION,
    }),
  );
  await makeDemoProject(db, { userId: user.id, sampleOrigin: params.sampleOrigin });
  await createUser(db, {
    email: DEMO_OPERATOR_EMAIL,
    password: params.password,
    name: 'Demo operator',
    isAdmin: true,
  });
  return { email: DEMO_EMAIL, password: params.password };
}
