import { ActionCode } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, settings, users } from '../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from './factories.ts';
import { fillPath, type Operation, readOperations, sampleValue } from './openapi-operations.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every documented operation under /api/admin/ (issue 28), called by a customer with valid input and
 * by a guest: 403 and 401, nothing changed, nothing of the console's rules told. Driven by
 * /api/openapi.json, so a new console route is covered by being documented.
 */

let t: TestApp;
let customer: Awaited<ReturnType<typeof makeUserWithToken>>;
/** A waiting task of the customer's: what `{id}` names under /api/admin/tasks/. */
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await makeUserWithToken(t.db, { balance: 10 });
  const project = await makeProject(t.db, { userId: customer.user.id });
  const campaign = await makeCampaign(t.db, { userId: customer.user.id, projectId: project.id });
  await makeLinks(t.db, { campaign, urls: ['https://donor.example.org/access'] });
  const started = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
    token: customer.token,
  });
  taskId = started.body.data.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const isConsole = (op: Operation) => op.path.startsWith('/api/admin/');

async function call(op: Operation, token?: string) {
  const id = op.path.startsWith('/api/admin/tasks/') ? taskId : customer.user.id;
  const url = fillPath(op.path, { id: String(id), action: '2' });
  const body = op.body ? JSON.stringify(sampleValue(op.body)) : undefined;
  return t.app.inject({
    method: op.method,
    url,
    headers: {
      accept: 'application/json',
      'x-localization': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body,
  });
}

async function snapshot() {
  return JSON.parse(
    JSON.stringify({
      users: await t.db.select().from(users).orderBy(users.id),
      settings: await t.db.select().from(settings),
      audit: await t.db.select().from(adminAudit),
    }),
  );
}

describe('the console to anyone but an operator', () => {
  it('answers 403 to a customer and 401 to a guest on every console call, and changes nothing', async () => {
    const operations = (await readOperations(t)).filter(isConsole);
    // The contract of issue 28: a documentation regression would make this suite pass vacuously.
    expect(operations.length).toBeGreaterThanOrEqual(11);
    const before = await snapshot();
    const wrong: string[] = [];
    for (const op of operations) {
      const asCustomer = await call(op, customer.token);
      if (asCustomer.statusCode !== 403 || asCustomer.json().message !== 'Access forbbiden')
        wrong.push(`${op.method} ${op.path} as a customer → ${asCustomer.statusCode} ${asCustomer.body}`);
      const asGuest = await call(op);
      if (asGuest.statusCode !== 401)
        wrong.push(`${op.method} ${op.path} as a guest → ${asGuest.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('is what an operator reaches with the same calls', async () => {
    const operator = await makeUserWithToken(t.db, { isAdmin: true });
    const operations = (await readOperations(t)).filter((op) => isConsole(op) && op.method === 'GET');
    for (const op of operations) expect((await call(op, operator.token)).statusCode, op.path).toBe(200);
  });
});
