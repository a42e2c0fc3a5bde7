import { ActionCode, CONSOLE_PERMISSION_KEYS } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, settings, users } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { fillPath, type Operation, readOperations, sampleValue } from '../../test/openapi-operations.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The console's permission keys (issue 28): an operator with an empty grant holds the whole console;
 * one with a list holds those keys, and each console route needs the key it declares as its
 * `x-console-permission`. Driven by /api/openapi.json, so a new console route is covered here too.
 */

let t: TestApp;
let customer: Awaited<ReturnType<typeof makeUserWithToken>>;
let taskId: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await makeUserWithToken(t.db, { balance: 10 });
  const project = await makeProject(t.db, { userId: customer.user.id });
  const campaign = await makeCampaign(t.db, { userId: customer.user.id, projectId: project.id });
  await makeLinks(t.db, { campaign, urls: ['https://donor.example.org/keys'] });
  const started = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
    token: customer.token,
  });
  taskId = started.body.data.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const isConsole = (op: Operation) => op.path.startsWith('/api/admin/');
const operatorWith = (keys: string[]) => makeUserWithToken(t.db, { isAdmin: true, consolePermissions: keys });

async function call(op: Operation, token: string) {
  const id = op.path.startsWith('/api/admin/tasks/') ? taskId : customer.user.id;
  const url = fillPath(op.path, { id: String(id), action: '2' });
  const body = op.body ? JSON.stringify(sampleValue(op.body)) : undefined;
  return t.app.inject({
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

describe('console permission keys', () => {
  it('are declared by every console route: a console key, or `any` for the operator’s own keys', async () => {
    const operations = (await readOperations(t)).filter(isConsole);
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const undeclared = operations
      .filter((op) => op.consolePermission !== 'any')
      .filter((op) => !CONSOLE_PERMISSION_KEYS.includes(op.consolePermission as never))
      .map((op) => `${op.method} ${op.path}`);
    expect(undeclared).toEqual([]);
  });

  it('refuse (403) every route of a key the operator lacks, changing nothing, and open the others', async () => {
    const operations = (await readOperations(t)).filter(isConsole);
    const wrong: string[] = [];
    for (const key of CONSOLE_PERMISSION_KEYS) {
      const without = await operatorWith(CONSOLE_PERMISSION_KEYS.filter((k) => k !== key));
      const only = await operatorWith([key]);
      const before = await snapshot();
      for (const op of operations.filter((o) => o.consolePermission === key)) {
        const refused = await call(op, without.token);
        if (refused.statusCode !== 403 || refused.json().hint === undefined)
          wrong.push(`${op.method} ${op.path} without ${key} → ${refused.statusCode}`);
      }
      expect(await snapshot(), key).toEqual(before);
      for (const op of operations.filter((o) => o.consolePermission === key && o.method === 'GET')) {
        const allowed = await call(op, only.token);
        if (allowed.statusCode !== 200)
          wrong.push(`${op.method} ${op.path} with only ${key} → ${allowed.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('tell a reader of customers only: customers 200, audit, settings and tasks 403 with the key named', async () => {
    const reader = await operatorWith(['console.users.read']);
    const as = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
      t.api(method, url, { token: reader.token, body });
    expect((await as('GET', 'admin/users')).status).toBe(200);
    expect((await as('GET', `admin/users/${customer.user.id}`)).status).toBe(200);
    const audit = await as('GET', 'admin/audit');
    expect(audit.status).toBe(403);
    expect(audit.body).toMatchObject({ message: 'Access forbbiden' });
    expect(audit.body.hint).toContain('console.audit.read');
    expect((await as('GET', 'admin/tasks')).status).toBe(403);
    expect((await as('PUT', 'admin/settings', { warning: 'x' })).status).toBe(403);
    expect((await as('GET', 'admin/me')).body.data.attributes).toEqual({
      wholeConsole: false,
      permissions: ['console.users.read'],
    });
  });

  it('keep the whole console for an operator with an empty grant (the operators made before the keys)', async () => {
    const whole = await operatorWith([]);
    expect((await t.api('GET', 'admin/me', { token: whole.token })).body.data.attributes).toEqual({
      wholeConsole: true,
      permissions: CONSOLE_PERMISSION_KEYS,
    });
    for (const url of ['admin/users', 'admin/audit', 'admin/tasks', 'admin/prices', 'admin/wiki'])
      expect((await t.api('GET', url, { token: whole.token })).status, url).toBe(200);
    expect((await t.api('GET', 'admin/me', { token: customer.token })).status).toBe(403);
  });
});

describe('granting console keys', () => {
  it('is for an operator with the whole console; audited before and after; not for oneself', async () => {
    const whole = await operatorWith([]);
    const target = await operatorWith([]);
    const put = (token: string, id: number, body: unknown) =>
      t.api('PUT', `admin/users/${id}`, { token, body });

    const res = await put(whole.token, target.user.id, {
      consolePermissions: ['console.users.read', 'console.audit.read'],
      reason: 'support desk',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.consolePermissions).toEqual(['console.users.read', 'console.audit.read']);
    const [row] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.kind, 'user.update'), eq(adminAudit.targetUserId, target.user.id)));
    expect(row).toMatchObject({
      actorId: whole.user.id,
      before: { consolePermissions: [] },
      after: { consolePermissions: ['console.users.read', 'console.audit.read'] },
      reason: 'support desk',
    });
    const settingsChange = await t.api('PUT', 'admin/settings', {
      token: target.token,
      body: { warning: 'x' },
    });
    expect(settingsChange.status).toBe(403);
    expect((await t.api('GET', 'admin/audit', { token: target.token })).status).toBe(200);

    // One key cannot grant the others, nor make an operator.
    const updater = await operatorWith(['console.users.update']);
    const escalate = await put(updater.token, target.user.id, { consolePermissions: [] });
    expect(escalate.status).toBe(403);
    expect((await put(updater.token, customer.user.id, { isAdmin: true })).status).toBe(403);
    expect((await put(updater.token, customer.user.id, { isPartner: true })).status).toBe(200);
    expect((await reloadUser(t.db, target.user.id)).consolePermissions).toHaveLength(2);
    expect((await reloadUser(t.db, customer.user.id)).isAdmin).toBe(false);

    expect(
      (await put(whole.token, whole.user.id, { consolePermissions: ['console.users.read'] })).status,
    ).toBe(422);
    const unknown = await put(whole.token, target.user.id, { consolePermissions: ['projects.read'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)[0]).toMatch(/^consolePermissions/);
  });

  it('lists the console keys in GET permissions, with titles', async () => {
    const res = await t.api('GET', 'permissions?page[size]=1000&filter[scope]=console', {
      token: customer.token,
    });
    expect(res.body.data.map((p: { attributes: { key: string } }) => p.attributes.key)).toEqual(
      CONSOLE_PERMISSION_KEYS,
    );
    expect(
      res.body.data.find((p: { attributes: { key: string } }) => p.attributes.key === 'console.wiki.manage'),
    ).toMatchObject({ attributes: { title: 'Write and publish wiki articles', category: 'wiki' } });
  });
});
