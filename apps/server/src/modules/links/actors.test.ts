import { ActionCode } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, links } from '../../db/schema/index.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import {
  makeCampaign,
  makeLinks,
  makeMember,
  makeProject,
  makeUserWithToken,
  makeWorkspace,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Who did it (issue 27): the link names who added and moved it, the report who started the check. */
let t: TestApp;
let web: DonorWeb;
beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const permissions = ['projects.read', 'links.manage', 'tasks.start', 'reports.read'];

function multipartUpload(campaignId: number, content: string) {
  const boundary = '----actors';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="campaign"\r\n\r\n${campaignId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('who added and moved a link', () => {
  it('names the member who uploaded the links and the one who moved them, within the account', async () => {
    const { user: owner, token: ownerToken, project, campaign } = await makeWorkspace(t.db);
    const other = await makeCampaign(t.db, { userId: owner.id, projectId: project.id, name: 'Other' });
    const member = await makeMember(t.db, { accountId: owner.id, permissions });

    const { payload, headers } = multipartUpload(
      campaign.id,
      'https://actor-one.example.org/\nhttps://actor-two.example.org/\n',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/links/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${member.token}` },
    });
    expect(res.statusCode).toBe(200);
    const added = await t.db.select().from(links).where(eq(links.campaignId, campaign.id)).orderBy(links.id);
    expect(added.map((l) => l.addedBy)).toEqual([member.user.id, member.user.id]);

    // The upload's task names the member too.
    const tasks = await t.api('GET', 'actions', { token: ownerToken });
    expect(tasks.body.data[0].attributes.actorName).toBe('Team member');

    const [first, second] = added;
    const show = async (id: number, token = ownerToken) => t.api('GET', `links/${id}`, { token });
    expect((await show(first.id)).body.data.attributes).toMatchObject({
      addedByName: 'Team member',
      movedByName: null,
      movedAt: null,
    });

    const moved = await t.api('POST', `links/move?campaign=${other.id}&links[]=${first.id}`, {
      token: member.token,
    });
    expect(moved.body.data).toMatchObject({ moved: 1 });
    const afterMove = (await show(first.id, member.token)).body.data.attributes;
    expect(afterMove).toMatchObject({
      addedByName: 'Team member',
      movedByName: 'Team member',
      campaignId: other.id,
    });
    expect(afterMove.movedAt).toEqual(expect.any(String));

    // The owner sends the other to history: the owner moved it.
    expect((await t.api('POST', `links/history?links[]=${second.id}`, { token: ownerToken })).status).toBe(
      200,
    );
    expect((await show(second.id)).body.data.attributes).toMatchObject({
      addedByName: 'Team member',
      movedByName: owner.name,
    });

    // A person who is not of the account is never named, even if recorded.
    const stranger = await makeUserWithToken(t.db);
    await t.db.update(links).set({ movedBy: stranger.user.id }).where(eq(links.id, second.id));
    expect((await show(second.id)).body.data.attributes.movedByName).toBeNull();
  });
});

describe('who added the links of the list', () => {
  it("names each link's adder on GET links and filters by them, naming no one outside the account", async () => {
    const { user: owner, token: ownerToken, campaign } = await makeWorkspace(t.db);
    const member = await makeMember(t.db, { accountId: owner.id, permissions });
    const stranger = await makeUserWithToken(t.db);
    const [byOwner] = await makeLinks(t.db, {
      campaign,
      urls: ['https://list-owner.example.org/'],
      values: { addedBy: owner.id },
    });
    const [byMember] = await makeLinks(t.db, {
      campaign,
      urls: ['https://list-member.example.org/'],
      values: { addedBy: member.user.id },
    });
    const [byStranger] = await makeLinks(t.db, {
      campaign,
      urls: ['https://list-stranger.example.org/'],
      values: { addedBy: stranger.user.id },
    });
    const [unknown] = await makeLinks(t.db, { campaign, urls: ['https://list-unknown.example.org/'] });

    const list = await t.api('GET', `links?filter[campaign]=${campaign.id}`, { token: member.token });
    expect(list.status).toBe(200);
    const names = Object.fromEntries(
      list.body.data.map((l: { id: number; attributes: { addedByName: string | null } }) => [
        l.id,
        l.attributes.addedByName,
      ]),
    );
    const adders = Object.fromEntries(
      list.body.data.map((l: { id: number; attributes: { addedById: number | null } }) => [
        l.id,
        l.attributes.addedById,
      ]),
    );
    expect(adders).toEqual({
      [byOwner.id]: owner.id,
      [byMember.id]: member.user.id,
      [byStranger.id]: null,
      [unknown.id]: null,
    });
    expect(names).toEqual({
      [byOwner.id]: owner.name,
      [byMember.id]: 'Team member',
      [byStranger.id]: null,
      [unknown.id]: null,
    });

    const ids = async (query: string) =>
      (
        await t.api('GET', `links?filter[campaign]=${campaign.id}&${query}`, { token: ownerToken })
      ).body.data.map((l: { id: number }) => l.id);
    expect(await ids(`filter[addedBy]=${member.user.id}`)).toEqual([byMember.id]);
    expect(await ids(`filter[addedBy]=${owner.id}`)).toEqual([byOwner.id]);
    const counted = await t.api(
      'GET',
      `links/count?filter[campaign]=${campaign.id}&filter[addedBy]=${member.user.id}`,
      {
        token: ownerToken,
      },
    );
    expect(counted.body.data.count).toBe(1);
    const invalid = await t.api('GET', `links?filter[addedBy]=abc`, { token: ownerToken });
    expect(invalid.status).toBe(422);
  });
});

describe('a move run as a task', () => {
  it('records the member who started the task as the mover', async () => {
    const { user: owner, project, campaign } = await makeWorkspace(t.db);
    const target = await makeCampaign(t.db, { userId: owner.id, projectId: project.id });
    const [link] = await makeLinks(t.db, { campaign, urls: ['http://task-move.example.org/'] });
    const member = await makeMember(t.db, { accountId: owner.id, permissions });
    const move = await t.api(
      'POST',
      `actions/${ActionCode.Move}/start?links[]=${link.id}&targetCampaign=${target.id}`,
      { token: member.token },
    );
    expect(move.status).toBe(201);
    await t.drain();
    const [row] = await t.db.select().from(links).where(eq(links.id, link.id));
    expect(row).toMatchObject({ campaignId: target.id, movedBy: member.user.id });
    expect(row.movedAt).toBeInstanceOf(Date);
  });
});

describe('who started the check of a report', () => {
  it('names the member who started the check on the report items', async () => {
    const { user: owner, token: ownerToken } = await makeUserWithToken(t.db, { balance: 100 });
    const project = await makeProject(t.db, { userId: owner.id, domains: ['shop.example.com'] });
    const campaign = await makeCampaign(t.db, { userId: owner.id, projectId: project.id });
    web.set(
      '/actor-report',
      donorHtml({ title: 'Donor', links: ['<a href="https://shop.example.com/">x</a>'] }),
    );
    await makeLinks(t.db, { campaign, urls: [web.url('/actor-report')] });
    const member = await makeMember(t.db, { accountId: owner.id, permissions });

    const started = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
      {
        token: member.token,
      },
    );
    expect(started.status).toBe(201);
    await t.drain();

    const report = await t.api('GET', `reports/links?filter[project]=${project.id}`, { token: ownerToken });
    expect(report.status).toBe(200);
    expect(report.body.data).toHaveLength(1);
    expect(report.body.data[0].attributes).toMatchObject({
      actionId: started.body.data.id,
      actorName: 'Team member',
    });
  });
});

describe('who started the check, when it is the owner', () => {
  it('names the owner on the report items and the tasks page as a member is named; a schedule names no one', async () => {
    const { user: owner, token } = await makeUserWithToken(t.db, { balance: 100 });
    const project = await makeProject(t.db, { userId: owner.id, domains: ['owner.example.com'] });
    const campaign = await makeCampaign(t.db, { userId: owner.id, projectId: project.id });
    web.set(
      '/owner-report',
      donorHtml({ title: 'Donor', links: ['<a href="https://owner.example.com/">x</a>'] }),
    );
    await makeLinks(t.db, { campaign, urls: [web.url('/owner-report')] });

    const started = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
      {
        token,
      },
    );
    expect(started.status).toBe(201);
    expect(started.body.data.attributes.actorName).toBe(owner.name);
    await t.drain();

    const actorOnReport = async () => {
      const report = await t.api('GET', `reports/links?filter[project]=${project.id}`, { token });
      expect(report.body.data).toHaveLength(1);
      return report.body.data[0].attributes.actorName;
    };
    const actorOnTasks = async () =>
      (await t.api('GET', 'actions', { token })).body.data[0].attributes.actorName ?? null;
    expect(await actorOnReport()).toBe(owner.name);
    expect(await actorOnTasks()).toBe(owner.name);

    // A task from before the owner was recorded was the owner's.
    const id = started.body.data.id;
    await t.db.update(actions).set({ actorId: null }).where(eq(actions.id, id));
    expect(await actorOnReport()).toBe(owner.name);
    expect(await actorOnTasks()).toBe(owner.name);

    // A schedule's check was started by no one.
    await t.db.update(actions).set({ isAutostart: true }).where(eq(actions.id, id));
    expect(await actorOnReport()).toBeNull();
    expect(await actorOnTasks()).toBeNull();
  });
});
