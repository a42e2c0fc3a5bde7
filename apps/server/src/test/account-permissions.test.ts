import { ACCOUNT_PERMISSION_KEYS, PAYROLL_PERMISSION_KEYS, TeamRole } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, makeUserWithToken } from './factories.ts';
import { fillPath, type Operation, readOperations, sampleValue } from './openapi-operations.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 27: every documented operation declares who may call it in a team's account (its
 * `x-permission`), and a member is refused exactly the calls that need a key they do not hold.
 * Driven by /api/openapi.json, so a new route is covered by being documented.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof makeUserWithToken>>;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUserWithToken(t.db, { balance: 10 });
  operations = (await readOperations(t)).filter((op) => op.secured);
});
afterAll(async () => {
  await t?.close();
});

/** Ids no row has: a call reaches its permission check and nothing else of anyone's. */
const NO_ROW = '2147483000';

async function call(op: Operation, token: string) {
  const url = fillPath(op.path, { id: NO_ROW, action: '2', type: 'lost', code: 'x', method: 'card' });
  const body = op.body ? JSON.stringify(sampleValue(op.body)) : undefined;
  const res = await t.app.inject({
    method: op.method,
    url,
    headers: {
      accept: 'application/json',
      'x-localization': 'en',
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body,
  });
  const hint = res.statusCode === 403 ? ((res.json() as { hint?: string }).hint ?? '') : '';
  return { status: res.statusCode, hint };
}

/** Refused for a missing permission (or as a member on an owner-only call): a 403 with the hint saying so. */
const refusedFor = (r: { status: number; hint: string }) =>
  r.status === 403 && /permission|owner/.test(r.hint);

describe('permissions of every documented operation', () => {
  it('every secured operation declares an account permission or `self`', () => {
    const keys = new Set<string>([...ACCOUNT_PERMISSION_KEYS, 'self']);
    const undeclared = operations
      .filter((op) => !op.permission || !keys.has(op.permission))
      .map((op) => `${op.method} ${op.path} (${op.permission ?? 'none'})`);
    expect(undeclared).toEqual([]);
    // A documentation regression would make the suites below pass vacuously.
    for (const key of ACCOUNT_PERMISSION_KEYS)
      expect(operations.filter((op) => op.permission === key).length, key).toBeGreaterThan(0);
  });

  it.each(ACCOUNT_PERMISSION_KEYS)(
    'a member without %s is refused every call that needs it and allowed the others',
    { timeout: 60_000 },
    async (key) => {
      const member = await makeMember(t.db, {
        accountId: owner.user.id,
        permissions: ACCOUNT_PERMISSION_KEYS.filter((k) => k !== key),
      });
      const wrong: string[] = [];
      for (const op of operations) {
        const r = await call(op, member.token);
        const needs = op.permission === key;
        if (needs && !(refusedFor(r) && r.hint.includes(`"${key}"`)))
          wrong.push(`${op.method} ${op.path} needs ${key} → ${r.status} ${r.hint}`);
        if (!needs && refusedFor(r))
          wrong.push(`${op.method} ${op.path} (${op.permission}) refused → ${r.hint}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('a payroll role holds the balance keys only, whatever it was given', { timeout: 60_000 }, async () => {
    const accountant = await makeMember(t.db, {
      accountId: owner.user.id,
      roleId: TeamRole.Accountant,
      permissions: ACCOUNT_PERMISSION_KEYS,
    });
    const wrong: string[] = [];
    for (const op of operations) {
      const r = await call(op, accountant.token);
      const allowed =
        op.permission === 'self' ||
        PAYROLL_PERMISSION_KEYS.includes(op.permission as (typeof PAYROLL_PERMISSION_KEYS)[number]);
      if (allowed === refusedFor(r)) wrong.push(`${op.method} ${op.path} (${op.permission}) → ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the owner is refused nothing', { timeout: 60_000 }, async () => {
    const refused: string[] = [];
    for (const op of operations) {
      if (op.path === '/api/team/members/{id}' && op.method === 'DELETE') continue;
      const r = await call(op, owner.token);
      if (refusedFor(r)) refused.push(`${op.method} ${op.path}`);
    }
    expect(refused).toEqual([]);
  });
});
