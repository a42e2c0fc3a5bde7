import { ActionCode, IMPERSONATION_MINUTES } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, adminAudit } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashSecret } from '../auth/tokens.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUserWithToken(t.db, { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
});

async function actAs(userId: number) {
  return t.api('POST', `admin/users/${userId}/impersonate`, {
    token: admin.token,
    body: { reason: 'ticket 4711' },
  });
}

const auditOf = (userId: number) =>
  t.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, userId)).orderBy(adminAudit.id);

describe('acting as a customer', () => {
  it('gives a time-limited session of the customer, audited at start and end', async () => {
    const { user } = await makeUserWithToken(t.db, { balance: 50 });
    const started = Date.now();
    const res = await actAs(user.id);
    expect(res.status).toBe(200);
    const { accessToken, expiresAt, userId } = res.body.data.attributes;
    expect(userId).toBe(user.id);
    const minutes = (Date.parse(expiresAt) - started) / 60_000;
    expect(minutes).toBeGreaterThan(IMPERSONATION_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(IMPERSONATION_MINUTES + 1);

    const me = await t.api('GET', 'user/me', { token: accessToken });
    expect(me.body.data.id).toBe(user.id);
    // The customer's own session is untouched; the operator's acting one is no login of theirs.
    const page = await t.api('GET', `admin/users/${user.id}`, { token: admin.token });
    expect(page.body.data.attributes.logins).toHaveLength(1);

    expect((await t.api('DELETE', 'impersonation', { token: accessToken })).status).toBe(200);
    expect((await t.api('GET', 'user/me', { token: accessToken })).status).toBe(401);
    expect(await auditOf(user.id)).toMatchObject([
      { kind: 'impersonation.start', actorId: admin.user.id, reason: 'ticket 4711', after: { expiresAt } },
      { kind: 'impersonation.end', actorId: admin.user.id },
    ]);
  });

  it('ends by itself when the time is up', async () => {
    const { user } = await makeUserWithToken(t.db);
    const { accessToken } = (await actAs(user.id)).body.data.attributes;
    expect((await t.api('GET', 'user/me', { token: accessToken })).status).toBe(200);
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, hashSecret(accessToken)));
    expect((await t.api('GET', 'user/me', { token: accessToken })).status).toBe(401);
  });

  it('is refused for another operator', async () => {
    const other = await makeUserWithToken(t.db, { isAdmin: true });
    const res = await actAs(other.user.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot act as another operator.');
    expect(await auditOf(other.user.id)).toEqual([]);
  });

  it('may not spend the customer’s credits, pay or change the password', async () => {
    const { user } = await makeUserWithToken(t.db, { balance: 50 });
    const project = await makeProject(t.db, { userId: user.id });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: ['https://donor.example.com/acting'] });
    const { accessToken: token } = (await actAs(user.id)).body.data.attributes;

    const start = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(start.status).toBe(403);
    expect(start.body.message).toMatch(/acting as a customer/);
    const password = await t.api('POST', 'user/change-password', {
      token,
      body: {
        currentPassword: user.password,
        password: 'another pass 1',
        passwordConfirmation: 'another pass 1',
      },
    });
    expect(password.status).toBe(403);
    const pay = await t.api('POST', 'payments/card', {
      token,
      body: { paymentMethod: 'card', amount: 10, email: user.email },
    });
    expect(pay.status).toBe(403);
    expect((await reloadUser(t.db, user.id)).balance).toBe(50);
    // Nothing that outlives the session or lets someone else in: a key, a webhook, an invitation, a new login e-mail.
    const leftBehind = [
      await t.api('POST', 'user/api-keys', { token, body: { name: 'support', scopes: ['read'] } }),
      await t.api('POST', 'user/webhooks', {
        token,
        body: { url: 'https://hooks.example.com/x', events: ['task.finished'] },
      }),
      await t.api('POST', 'team/invitations', {
        token,
        body: { email: 'friend@example.com', roleId: 1, permissions: [] },
      }),
      await t.api('PUT', 'user', {
        token,
        body: { fullname: 'Acting', email: user.email, newEmail: 'operator@example.com' },
      }),
      await t.api('POST', 'referral/outpayments?paymentMethod=1&amount=20', { token }),
    ];
    expect(leftBehind.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await reloadUser(t.db, user.id)).toMatchObject({ email: user.email, newEmail: null });
    // The app's language switcher saves the language: that stays open.
    expect((await t.api('PUT', 'user', { token, body: { locale: 'ru' } })).status).toBe(200);
    // Reading is what support needs, and stays open.
    expect((await t.api('GET', 'projects', { token })).status).toBe(200);
    expect((await t.api('GET', 'actions/prices', { token })).status).toBe(200);
  });

  it('has nothing to end on an ordinary session', async () => {
    const { token } = await makeUserWithToken(t.db);
    expect((await t.api('DELETE', 'impersonation', { token })).status).toBe(403);
  });
});
