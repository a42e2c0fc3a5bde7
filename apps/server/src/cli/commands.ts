import { BalanceTransactionType } from '@linkwatch/shared';
import type { Db } from '../db/client.ts';
import { findUserByEmail } from '../modules/auth/auth.queries.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { applyLedgerEntry } from '../modules/balance/ledger.ts';
import { insertUser } from '../modules/users/users.queries.ts';
import type { Command } from './command.ts';
import { paymentCommands } from './payment-commands.ts';

type Values = Record<string, string | boolean | undefined>;

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required`);
  return value;
}

export async function createUser(
  db: Db,
  params: { email: string; password: string; name?: string; isAdmin?: boolean; isPartner?: boolean },
) {
  if (await findUserByEmail(db, params.email))
    throw new Error(`A user with email ${params.email} already exists`);
  if (params.password.length < 8) throw new Error('The password must be at least 8 characters');
  return insertUser(db, {
    email: params.email,
    name: params.name ?? params.email.split('@')[0],
    passwordHash: await hashPassword(params.password),
    emailVerifiedAt: new Date(),
    isAdmin: params.isAdmin ?? false,
    isPartner: params.isPartner ?? false,
  });
}

export async function creditUser(db: Db, params: { email: string; amount: number; description?: string }) {
  const user = await findUserByEmail(db, params.email);
  if (!user) throw new Error(`No user with email ${params.email}`);
  if (!Number.isInteger(params.amount) || params.amount === 0)
    throw new Error('--amount must be a non-zero whole number');
  const typeId = params.amount > 0 ? BalanceTransactionType.TopUp : BalanceTransactionType.Adjustment;
  return db.transaction((tx) =>
    applyLedgerEntry(tx, { userId: user.id, value: params.amount, typeId, description: params.description }),
  );
}

export const commands: Command[] = [
  {
    name: 'user:create',
    usage: 'user:create --email E --password P [--name N] [--admin] [--partner]   creates a confirmed user',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
      partner: { type: 'boolean' },
    },
    async run(db, v) {
      const user = await createUser(db, {
        email: required(v, 'email'),
        password: required(v, 'password'),
        name: v.name as string | undefined,
        isAdmin: v.admin === true,
        isPartner: v.partner === true,
      });
      return `Created user #${user.id} ${user.email}`;
    },
  },
  {
    name: 'user:credit',
    usage: 'user:credit --email E --amount N [--description D]               adds credits through the ledger',
    options: { email: { type: 'string' }, amount: { type: 'string' }, description: { type: 'string' } },
    async run(db, v) {
      const row = await creditUser(db, {
        email: required(v, 'email'),
        amount: Number(required(v, 'amount')),
        description: v.description as string | undefined,
      });
      return `Balance of ${v.email} is now ${row.balance}`;
    },
  },
  ...paymentCommands,
  {
    name: 'db:migrate',
    usage: 'db:migrate                                                          applies pending migrations',
    options: {},
    run: async () => 'Migrations applied',
  },
];
