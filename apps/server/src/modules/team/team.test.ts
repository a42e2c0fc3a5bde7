import { ActionCode, PERMISSION_PRESETS, TeamRole } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, payments, teamInvitations, users } from '../../db/schema/index.ts';
import { makeCampaign, makeLinks, makeProject, makeUser, makeUserWithToken } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const address = (label: string) => `${label}-${++seq}-${Date.now()}@team.example`;

/** The owner invites `email`; answers the code from the mailed link. */
async function invite(
  ownerToken: string,
  email: string,
  preset: { roleId: number; permissions: readonly string[] } = PERMISSION_PRESETS.readOnlyClient,
) {
  const res = await t.api('POST', 'team/invitations', {
    token: ownerToken,
    body: { email, roleId: preset.roleId, permissions: [...preset.permissions] },
  });
  expect(res.status, res.text).toBe(201);
  const [mail] = t.smtp.to(email).slice(-1);
  const link = linkIn(mail, '/team/join/');
  expect(link).toMatch(/^http:\/\/app\.test\/en\/team\/join\/[\w-]+$/);
  return { id: res.body.data.id as number, code: link.split('/').pop()! };
}

/** An owner, and a new login that joined their account by invitation with `preset`. */
async function ownerAndMember(preset?: { roleId: number; permissions: readonly string[] }) {
  const owner = await makeUserWithToken(t.db, { balance: 100, name: 'Agency owner' });
  const email = address('member');
  const { code } = await invite(owner.token, email, preset);
  const joined = await t.api('POST', `team/join/${code}`, {
    body: { name: 'Mia Member', password: 'a long secret 1' },
  });
  expect(joined.status, joined.text).toBe(200);
  expect(joined.body.data.accountId).toBe(owner.user.id);
  const [member] = await t.db.select().from(users).where(eq(users.email, email));
  return { owner, member, memberToken: joined.body.data.accessToken as string, email };
}

describe('invitations', () => {
  it('creates the login of a new address, works in the account at once, and shows in the team', async () => {
    const { owner, member, memberToken } = await ownerAndMember();
    const project = await makeProject(t.db, { userId: owner.user.id, name: 'Shared project' });
    const seen = await t.api('GET', 'projects', { token: memberToken });
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((p: { id: number }) => p.id)).toEqual([project.id]);
    const team = await t.api('GET', 'team/members', { token: owner.token });
    expect(
      team.body.data.map((m: { attributes: { email: string; isOwner: boolean } }) => m.attributes),
    ).toEqual([
      expect.objectContaining({ email: owner.user.email, isOwner: true }),
      expect.objectContaining({
        email: member.email,
        isOwner: false,
        permissions: ['projects.read', 'reports.read'],
      }),
    ]);
    // The login works: a fresh login lands in the account it last worked in.
    const login = await t.api('POST', 'auth/login', {
      body: { email: member.email, password: 'a long secret 1' },
    });
    expect(login.status, login.text).toBe(200);
    const again = await t.api('GET', 'projects', { token: login.body.data.attributes.accessToken });
    expect(again.body.data.map((p: { id: number }) => p.id)).toEqual([project.id]);
  });

  it('works once: a used, revoked or expired code is refused', async () => {
    const owner = await makeUserWithToken(t.db);
    const email = address('once');
    const { code } = await invite(owner.token, email);
    const body = { name: 'Once', password: 'a long secret 1' };
    expect((await t.api('POST', `team/join/${code}`, { body })).status).toBe(200);
    const reused = await t.api('POST', `team/join/${code}`, { body });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/invalid, expired or already used/);

    const revoked = await invite(owner.token, address('revoked'));
    const pending = await t.api('GET', 'team/invitations', { token: owner.token });
    expect(pending.body.data.map((i: { id: number }) => i.id)).toContain(revoked.id);
    expect((await t.api('DELETE', `team/invitations/${revoked.id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await t.api('POST', `team/join/${revoked.code}`, { body })).status).toBe(422);
    expect((await t.api('DELETE', `team/invitations/${revoked.id}`, { token: owner.token })).status).toBe(
      404,
    );

    const expired = await invite(owner.token, address('expired'));
    await t.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, expired.id));
    expect((await t.api('POST', `team/join/${expired.code}`, { body })).status).toBe(422);
    const after = await t.api('GET', 'team/invitations', { token: owner.token });
    expect(after.body.data.map((i: { id: number }) => i.id)).not.toContain(expired.id);
  });

  it('asks an address that already has a login to log in, and then joins that login', async () => {
    const owner = await makeUserWithToken(t.db);
    const existing = await makeUserWithToken(t.db, { email: address('freelancer') });
    const { code } = await invite(owner.token, existing.user.email);
    const asGuest = await t.api('POST', `team/join/${code}`, {
      body: { name: 'X', password: 'a long secret 1' },
    });
    expect(asGuest.status).toBe(422);
    expect(asGuest.body.message).toMatch(/already has a login/);
    const asUser = await t.api('POST', `team/join/${code}`, { token: existing.token });
    expect(asUser.status, asUser.text).toBe(200);
    expect(asUser.body.data).toEqual({ accountId: owner.user.id, accessToken: null });
    const accounts = await t.api('GET', 'user/accounts', { token: existing.token });
    expect(
      accounts.body.data.map((a: { id: number; attributes: { isCurrent: boolean } }) => [
        a.id,
        a.attributes.isCurrent,
      ]),
    ).toEqual([
      [existing.user.id, false],
      [owner.user.id, true],
    ]);
    // Back to their own account, and again into the agency's.
    const own = await makeProject(t.db, { userId: existing.user.id, name: 'Freelancer own' });
    expect(
      (await t.api('POST', `user/accounts/${existing.user.id}/switch`, { token: existing.token })).status,
    ).toBe(200);
    const mine = await t.api('GET', 'projects', { token: existing.token });
    expect(mine.body.data.map((p: { id: number }) => p.id)).toEqual([own.id]);
    expect(
      (await t.api('POST', `user/accounts/${owner.user.id}/switch`, { token: existing.token })).status,
    ).toBe(200);
    const stranger = await makeUser(t.db);
    expect(
      (await t.api('POST', `user/accounts/${stranger.id}/switch`, { token: existing.token })).status,
    ).toBe(404);
    // The owner cannot join their own account.
    const self = await invite(owner.token, address('self-other'));
    expect((await t.api('POST', `team/join/${self.code}`, { token: owner.token })).status).toBe(422);
  });
});

describe('members', () => {
  it('a role change takes effect on the next call, without a new login', async () => {
    const { owner, member, memberToken } = await ownerAndMember();
    await makeProject(t.db, { userId: owner.user.id });
    const create = () =>
      t.api('POST', 'projects/', {
        token: memberToken,
        body: {
          domains: ['new-site.example.com'],
          name: 'New',
          mainDomain: 'new-site.example.com',
          campaignName: 'c',
        },
      });
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(refused.body.hint).toMatch(/projects\.manage/);
    const changed = await t.api('PUT', `team/members/${member.id}`, {
      token: owner.token,
      body: { roleId: TeamRole.Member, permissions: ['projects.read', 'projects.manage'] },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await create()).status).not.toBe(403);
    // An accountant (payroll role) keeps balance keys only, whatever is asked.
    const payroll = await t.api('PUT', `team/members/${member.id}`, {
      token: owner.token,
      body: { roleId: TeamRole.Accountant, permissions: ['projects.read', 'balance.read'] },
    });
    expect(payroll.body.data.attributes.permissions).toEqual(['balance.read']);
    expect((await t.api('GET', 'projects', { token: memberToken })).status).toBe(403);
    expect((await t.api('GET', 'balances', { token: memberToken })).status).toBe(200);
    const me = await t.api('GET', 'user/me', { token: memberToken });
    expect(me.body.data.attributes.participant).toEqual({ roleId: TeamRole.Accountant });
  });

  it('removing a member ends their sessions in the account at once', async () => {
    const { owner, member, memberToken } = await ownerAndMember();
    expect((await t.api('GET', 'projects', { token: memberToken })).status).toBe(200);
    expect((await t.api('DELETE', `team/members/${member.id}`, { token: owner.token })).status).toBe(200);
    expect((await t.api('GET', 'projects', { token: memberToken })).status).toBe(401);
    expect((await t.api('GET', 'user/me', { token: memberToken })).status).toBe(401);
    // Their login still works, in their own (empty) account.
    const login = await t.api('POST', 'auth/login', {
      body: { email: member.email, password: 'a long secret 1' },
    });
    const token = login.body.data.attributes.accessToken;
    const accounts = await t.api('GET', 'user/accounts', { token });
    expect(accounts.body.data.map((a: { id: number }) => a.id)).toEqual([member.id]);
    expect((await t.api('DELETE', `team/members/${member.id}`, { token: owner.token })).status).toBe(404);
  });

  it('a member with team.manage grants only what they hold and cannot change themselves', async () => {
    const { owner, member, memberToken } = await ownerAndMember({
      roleId: TeamRole.Member,
      permissions: ['team.manage', 'projects.read'],
    });
    const tooMuch = await t.api('POST', 'team/invitations', {
      token: memberToken,
      body: { email: address('x'), roleId: 1, permissions: ['tasks.start'] },
    });
    expect(tooMuch.status).toBe(422);
    const ok = await t.api('POST', 'team/invitations', {
      token: memberToken,
      body: { email: address('y'), roleId: 1, permissions: ['projects.read'] },
    });
    expect(ok.status).toBe(201);
    const self = await t.api('PUT', `team/members/${member.id}`, {
      token: memberToken,
      body: { roleId: 1, permissions: ['team.manage', 'projects.read', 'tasks.start'] },
    });
    expect(self.status).toBe(403);
    expect((await t.api('DELETE', `team/members/${owner.user.id}`, { token: memberToken })).status).toBe(404);
  });
});

describe('the account’s balance', () => {
  it('two members starting tasks at once never take it below zero, and each task names its member', async () => {
    const owner = await makeUserWithToken(t.db, { balance: 3 });
    const joined: string[] = [];
    for (const label of ['one', 'two']) {
      const { code } = await invite(owner.token, address(label), PERMISSION_PRESETS.linkBuilder);
      const res = await t.api('POST', `team/join/${code}`, {
        body: { name: label, password: 'a long secret 1' },
      });
      joined.push(res.body.data.accessToken as string);
    }
    const project = await makeProject(t.db, { userId: owner.user.id });
    const campaigns: Awaited<ReturnType<typeof makeCampaign>>[] = [];
    for (const name of ['a', 'b']) {
      const campaign = await makeCampaign(t.db, { userId: owner.user.id, projectId: project.id, name });
      await makeLinks(t.db, { campaign, urls: ['https://d1.example.org/a', 'https://d2.example.org/b'] });
      campaigns.push(campaign);
    }
    // Each check costs 2 credits (2 links at 1): only one of the two fits into 3.
    const results = await Promise.all(
      joined.map((token, i) =>
        t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaigns[i].id}`, { token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const [after] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(after.balance).toBeGreaterThanOrEqual(0);
    const started = await t.db.select().from(actions).where(eq(actions.userId, owner.user.id));
    expect(started).toHaveLength(1);
    expect(started[0].actorId).not.toBeNull();
    expect(started[0].actorId).not.toBe(owner.user.id);
    const listed = await t.api('GET', 'actions', { token: owner.token });
    expect(['one', 'two']).toContain(listed.body.data[0].attributes.actorName);
    // A member without tasks.start is refused before anything is read.
    const { memberToken } = await ownerAndMember();
    const refused = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaigns[0].id}`,
      {
        token: memberToken,
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Access forbbiden');
    expect(await t.db.select().from(payments).where(eq(payments.userId, owner.user.id))).toEqual([]);
  });

  it('a list move or removal run as a task needs links.manage as the calls it stands for do', async () => {
    const starter = await ownerAndMember({ roleId: 1, permissions: ['projects.read', 'tasks.start'] });
    const project = await makeProject(t.db, { userId: starter.owner.user.id });
    const campaign = await makeCampaign(t.db, { userId: starter.owner.user.id, projectId: project.id });
    await makeLinks(t.db, { campaign, urls: ['https://donor.example.com/kept'] });
    const remove = (token: string) =>
      t.api('POST', `actions/${ActionCode.Remove}/start?campaign=${campaign.id}`, { token });
    const refused = await remove(starter.memberToken);
    expect(refused.status).toBe(403);
    expect(refused.body.hint).toMatch(/links\.manage/);
    expect(await t.db.select().from(actions).where(eq(actions.userId, starter.owner.user.id))).toEqual([]);
    const manager = await ownerAndMember({
      roleId: 1,
      permissions: ['projects.read', 'tasks.start', 'links.manage'],
    });
    const managerCampaign = await makeCampaign(t.db, {
      userId: manager.owner.user.id,
      projectId: (await makeProject(t.db, { userId: manager.owner.user.id })).id,
    });
    await makeLinks(t.db, { campaign: managerCampaign, urls: ['https://donor.example.com/gone'] });
    const started = await t.api('POST', `actions/${ActionCode.Remove}/start?campaign=${managerCampaign.id}`, {
      token: manager.memberToken,
    });
    expect(started.status, started.text).toBe(201);
  });
});
