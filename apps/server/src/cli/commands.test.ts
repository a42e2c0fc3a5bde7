import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { ledgerSum } from '../modules/balance/ledger.ts';
import { freshDatabase } from '../test/database.ts';
import { commands } from './commands.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const run = (name: string, values: Record<string, string | boolean>) =>
  commands.find((c) => c.name === name)!.run(database.db, values);

describe('operator commands', () => {
  it('creates a confirmed admin, refuses a duplicate, and credits through the ledger', async () => {
    expect(
      await run('user:create', { email: 'ops@example.com', password: 'long-enough', admin: true }),
    ).toMatch(/Created user #\d+ ops@example.com/);
    await expect(run('user:create', { email: 'OPS@example.com', password: 'long-enough' })).rejects.toThrow(
      /already exists/,
    );
    expect(
      await run('user:credit', { email: 'ops@example.com', amount: '500', description: 'welcome' }),
    ).toBe('Balance of ops@example.com is now 500');
    await expect(run('user:credit', { email: 'ops@example.com', amount: '-900' })).rejects.toThrow();
    expect(await run('user:credit', { email: 'ops@example.com', amount: '-200' })).toBe(
      'Balance of ops@example.com is now 300',
    );
    const [user] = await database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.email, 'ops@example.com'),
    });
    expect(user).toMatchObject({ isAdmin: true, balance: 300 });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await ledgerSum(database.db, user.id)).toBe(300);
  });

  it('requires the email', async () => {
    await expect(run('user:create', { password: 'long-enough' })).rejects.toThrow('--email is required');
  });
});
