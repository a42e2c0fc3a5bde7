import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index.ts';
import { makeMember, makeUserWithToken, makeWorkspace } from '../../test/factories.ts';
import { fillPath, type Operation, readOperations, sampleValue } from '../../test/openapi-operations.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SCOPES = ['read', 'write', 'tasks'] as const;
type Scope = (typeof SCOPES)[number];

/** What a key needs for an operation, read from the document alone (the contract of issue 32). */
function expectedScope(op: Operation): Scope | 'session' {
  if (/^\/api\/(user\/api-keys|user\/change-password$|admin\/)/.test(op.path)) return 'session';
  if (op.method === 'POST' && /^\/api\/actions\/\{action\}\/start$/.test(op.path)) return 'tasks';
  return op.method === 'GET' ? 'read' : 'write';
}

async function createKey(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.api('POST', 'user/api-keys', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data as {
    id: number;
    attributes: { token: string; prefix: string; scopes: Scope[]; accountId: number };
  };
}

describe('personal API keys (issue 32)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_KEY_RATE_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the token once and stores only its hash', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const key = await createKey(t, token, { name: 'Dashboard', scopes: ['read'], expiresAt: '2099-01-01' });
    expect(key.attributes.token).toMatch(/^lwk_[A-Za-z0-9_-]{43}$/);
    expect(key.attributes.token.startsWith(key.attributes.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(key.attributes.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.attributes.token);
    const list = await t.api('GET', 'user/api-keys', { token });
    expect(list.text).not.toContain(key.attributes.token);
    expect(list.body.data[0].attributes).toMatchObject({
      name: 'Dashboard',
      scopes: ['read'],
      lastUsedAt: null,
    });

    const me = await t.api('GET', 'user/me', { token: key.attributes.token });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
    const used = await t.api('GET', 'user/api-keys', { token });
    expect(used.body.data[0].attributes.lastUsedAt).not.toBeNull();
  });

  it('refuses a bad request with field messages', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('POST', 'user/api-keys', {
      token,
      body: { name: '', scopes: ['admin'], expiresAt: 'soon' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['expiresAt', 'name', 'scopes.0']);
    const past = await t.api('POST', 'user/api-keys', {
      token,
      body: { name: 'x', scopes: ['read'], expiresAt: '2020-01-01' },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.expiresAt).toEqual(['The expiry date must be in the future']);
  });

  it('revokes at once, refuses an expired key, and leaves another user’s key alone', async () => {
    const { token } = await makeUserWithToken(t.db);
    const key = await createKey(t, token, { name: 'CI', scopes: ['read'] });
    expect((await t.api('GET', 'projects', { token: key.attributes.token })).status).toBe(200);
    const other = await makeUserWithToken(t.db);
    expect((await t.api('DELETE', `user/api-keys/${key.id}`, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', 'projects', { token: key.attributes.token })).status).toBe(200);
    expect((await t.api('DELETE', `user/api-keys/${key.id}`, { token })).status).toBe(200);
    expect((await t.api('GET', 'projects', { token: key.attributes.token })).status).toBe(401);
    expect((await t.api('GET', 'user/api-keys', { token })).body.data).toEqual([]);

    const expiring = await createKey(t, token, { name: 'Old', scopes: ['read'] });
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    expect((await t.api('GET', 'projects', { token: expiring.attributes.token })).status).toBe(401);
  });

  it('a team member’s key works in the team’s account with the member’s permissions, until they leave', async () => {
    const owner = await makeWorkspace(t.db);
    const member = await makeMember(t.db, { accountId: owner.user.id, permissions: ['projects.read'] });
    const key = await createKey(t, member.token, {
      name: 'Agency dashboard',
      scopes: ['read', 'write', 'tasks'],
    });
    expect(key.attributes.accountId).toBe(owner.user.id);
    const auth = { token: key.attributes.token };

    const projects = await t.api('GET', 'projects', auth);
    expect(projects.status).toBe(200);
    expect(projects.body.data.map((p: { id: number }) => p.id)).toEqual([owner.project.id]);
    // Its scopes allow starting a check; the member's permissions do not.
    const start = await t.api('POST', `actions/1/start?campaign=${owner.campaign.id}`, auth);
    expect(start.status).toBe(403);
    expect(start.body.hint).toMatch(/tasks\.start/);

    // Removed from the team: the key reaches nothing of the account any more.
    expect((await t.api('DELETE', `team/members/${member.user.id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await t.api('GET', 'projects', auth)).status).toBe(401);
  });

  it('enforces the scopes on every documented operation', { timeout: 180_000 }, async () => {
    const operations = (await readOperations(t)).filter((op) => op.secured);
    // A documentation regression would make this suite pass vacuously.
    expect(operations.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const scope of SCOPES) {
      // A user of their own per scope: what the allowed calls change is theirs alone.
      const { token } = await makeUserWithToken(t.db, { balance: 10 });
      const key = await createKey(t, token, { name: `only ${scope}`, scopes: [scope] });
      for (const op of operations) {
        const url = fillPath(op.path, { action: '2' });
        const body = op.body ? JSON.stringify(sampleValue(op.body)) : undefined;
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: {
            accept: 'application/json',
            'x-localization': 'en',
            authorization: `Bearer ${key.attributes.token}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          payload: body,
        });
        const needed = expectedScope(op);
        const refused = res.statusCode === 403 && /API key/.test(res.body);
        const where = `${scope} key: ${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (needed === scope ? refused || res.statusCode === 401 : !refused) wrong.push(where);
        if (res.statusCode >= 500) wrong.push(`${where}: server error`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a key cannot manage keys: no key makes another, nor revokes one', async () => {
    const { token } = await makeUserWithToken(t.db);
    const key = await createKey(t, token, { name: 'all', scopes: ['read', 'write', 'tasks'] });
    const made = await t.api('POST', 'user/api-keys', {
      token: key.attributes.token,
      body: { name: 'escalated', scopes: ['write'] },
    });
    expect(made.status).toBe(403);
    expect(made.body.message).toBe('This call needs a signed-in session, not an API key');
    expect((await t.api('DELETE', `user/api-keys/${key.id}`, { token: key.attributes.token })).status).toBe(
      403,
    );
  });

  it('describes API keys in the OpenAPI document’s security scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const scheme = doc.components.securitySchemes.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.description).toMatch(/API key/);
    expect(scheme.description).toMatch(/`read`.*`write`.*`tasks`/s);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/api-keys',
        '/api/user/api-keys/{id}',
        '/api/user/webhooks',
        '/api/user/webhooks/{id}',
      ]),
    );
  });
});

describe('the per-key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_KEY_RATE_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past the limit, per key, and starts a new window a minute later', async () => {
    const { token } = await makeUserWithToken(t.db);
    const first = await createKey(t, token, { name: 'busy', scopes: ['read'] });
    const second = await createKey(t, token, { name: 'quiet', scopes: ['read'] });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.api('GET', 'projects', { token: first.attributes.token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.api('GET', 'projects', { token: first.attributes.token });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await t.api('GET', 'projects', { token: second.attributes.token })).status).toBe(200);
    // The app's own session is not limited by its keys.
    expect((await t.api('GET', 'projects', { token })).status).toBe(200);
    await t.db
      .update(apiKeys)
      .set({ windowStartedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, first.id));
    expect((await t.api('GET', 'projects', { token: first.attributes.token })).status).toBe(200);
  });
});
