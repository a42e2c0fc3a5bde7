import { ActionCode } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { priceFor } from '../modules/actions/prices.ts';
import { listLevels } from '../modules/payments/payments.queries.ts';
import { freshDatabase } from '../test/database.ts';
import { makeUser, reloadUser } from '../test/factories.ts';
import { commands } from './commands.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const run = (name: string, values: Record<string, string | boolean> = {}) =>
  commands.find((c) => c.name === name)!.run(database.db, values);

describe('payments:levels', () => {
  it('lists the default tiers, replaces them, and refuses overlapping ones', async () => {
    expect(await run('payments:levels')).toBe(
      ['$0.00 to $99.99: 0%', '$100.00 to $499.99: 5%', '$500.00 and more: 10%'].join('\n'),
    );
    expect(await run('payments:levels', { set: '50-249.99:3, 250+:7' })).toBe(
      '$50.00 to $249.99: 3%\n$250.00 and more: 7%',
    );
    expect(await listLevels(database.db)).toMatchObject([
      { min: 5_000, max: 24_999, percent: 3 },
      { min: 25_000, max: null, percent: 7 },
    ]);
    await expect(run('payments:levels', { set: '0-100:1,100+:2' })).rejects.toThrow(/overlap/);
    await expect(run('payments:levels', { set: '10-5:1' })).rejects.toThrow(/below min/);
    await expect(run('payments:levels', { set: 'ten:1' })).rejects.toThrow(/Cannot read the level/);
    expect(await listLevels(database.db)).toHaveLength(2);
  });
});

describe('prices:set', () => {
  it('sets an action’s price, a user’s individual price, and takes the latter back', async () => {
    const user = await makeUser(database.db);
    const other = await makeUser(database.db);
    const action = ActionCode.CheckIndexing;
    await run('prices:set', { action: String(action), price: '4' });
    await run('prices:set', { action: String(action), price: '1', email: user.email });
    expect(await priceFor(database.db, { userId: user.id, action })).toEqual({
      action,
      price: 1,
      customPrice: true,
    });
    expect(await priceFor(database.db, { userId: other.id, action })).toEqual({
      action,
      price: 4,
      customPrice: false,
    });
    await run('prices:set', { action: String(action), email: user.email, reset: true });
    expect(await priceFor(database.db, { userId: user.id, action })).toMatchObject({
      price: 4,
      customPrice: false,
    });
    await expect(run('prices:set', { action: '99', price: '1' })).rejects.toThrow(/action code/);
    await expect(run('prices:set', { action: String(action), price: '-1' })).rejects.toThrow(/whole number/);
  });
});

describe('user:block and user:unblock', () => {
  it('flip the account’s block', async () => {
    const user = await makeUser(database.db);
    await run('user:block', { email: user.email });
    expect((await reloadUser(database.db, user.id)).isBlocked).toBe(true);
    await run('user:unblock', { email: user.email });
    expect((await reloadUser(database.db, user.id)).isBlocked).toBe(false);
    await expect(run('user:block', { email: 'nobody@example.com' })).rejects.toThrow(/No user/);
  });
});
