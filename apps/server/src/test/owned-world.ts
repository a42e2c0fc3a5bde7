import { ActionCode, PaymentStatus, PERMISSION_PRESETS, ScheduleAction } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import {
  backlinks,
  crawlerItems,
  indexHistories,
  notifications,
  payments,
  reportLinks,
} from '../db/schema/index.ts';
import { importCrawlerRows } from '../modules/crawlers/index.ts';
import { type DonorWeb, donorHtml } from './donor-web.ts';
import { makeCampaign, makeLinks, makeMember, makeProject, makeUserWithToken } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * A user who owns one of everything the API names by id: a project, a campaign, links checked once
 * (so backlinks, report links, a finished task and notifications exist), an index-history entry,
 * a schedule and a mailing recipient; and of the account (issue 27) a member, a pending invitation,
 * a paid payment (with its invoice) and an API key. Every name and URL carries `label`, so a test can look for
 * it in another user's answers.
 */
export async function makeOwnedWorld(params: { t: TestApp; web: DonorWeb; label: string }) {
  const { t, web, label } = params;
  const acceptor = `${label}-shop.example.com`;
  const { user, token } = await makeUserWithToken(t.db, { balance: 1000, name: `${label} owner` });
  const project = await makeProject(t.db, { userId: user.id, name: `${label} project`, domains: [acceptor] });
  const campaign = await makeCampaign(t.db, {
    userId: user.id,
    projectId: project.id,
    name: `${label} campaign`,
  });
  const spare = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: `${label} spare` });
  web.set(
    `/${label}/kept`,
    donorHtml({ title: `${label} kept`, links: [`<a href="https://${acceptor}/">${label} anchor</a>`] }),
  );
  web.set(`/${label}/plain`, donorHtml({ title: `${label} plain`, links: [] }));
  const links = await makeLinks(t.db, {
    campaign,
    urls: [web.url(`/${label}/kept`), web.url(`/${label}/plain`)],
    values: { comment: `${label} comment` },
  });
  const started = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
    token,
  });
  if (started.status !== 201) throw new Error(`check did not start: ${started.status} ${started.text}`);
  await t.drain();
  await t.db.insert(indexHistories).values({ linkId: links[0].id, value: 1 });
  await t.db
    .insert(notifications)
    .values({ userId: user.id, message: `${label} notice`, type: 'info', props: [] });
  const schedule = await t.api('POST', 'schedules/', {
    token,
    body: { action: ScheduleAction.AutoCheckBacklinks, campaign: campaign.id },
  });
  const mailing = await t.api('POST', 'mailings/', {
    token,
    body: { email: `${label}-boss@client.example` },
  });
  if (schedule.status >= 300 || mailing.status >= 300) throw new Error('schedule or mailing refused');
  // Crawler records: the project's own link pages and one page no campaign tracks.
  const crawled = [...links.map((l) => l.url), `https://${label}-found.example.org/post`];
  await importCrawlerRows(t.db, {
    projectId: project.id,
    userId: user.id,
    source: 1,
    fileName: `${label}.csv`,
    rows: (async function* () {
      for (const [i, url] of crawled.entries()) yield { line: i + 1, url, anchor: `${label} crawled` };
    })(),
  });
  const { teamMemberId, invitationId, paymentId, apiKeyId } = await makeAccountRows({
    t,
    label,
    user,
    token,
  });
  const [crawlerItem] = await t.db.select().from(crawlerItems).where(eq(crawlerItems.projectId, project.id));
  const [backlink] = await t.db.select().from(backlinks).where(eq(backlinks.userId, user.id));
  const [reportLink] = await t.db.select().from(reportLinks).where(eq(reportLinks.userId, user.id));
  const [notification] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
  return {
    label,
    user,
    token,
    project,
    campaign,
    spare,
    links,
    actionId: started.body.data.id as number,
    backlinkId: backlink?.id,
    reportLinkId: reportLink?.id,
    notificationId: notification.id,
    scheduleId: schedule.body.data.id as number,
    mailingId: mailing.body.data.id as number,
    crawlerItemId: crawlerItem.id,
    teamMemberId,
    invitationId,
    paymentId,
    apiKeyId,
  };
}

/** The account's own rows (issue 27): a member, a pending invitation, a paid payment and an API key. */
async function makeAccountRows(params: {
  t: TestApp;
  label: string;
  user: { id: number; email: string };
  token: string;
}) {
  const { t, label, user, token } = params;
  const member = await makeMember(t.db, {
    accountId: user.id,
    name: `${label} teammate`,
    permissions: PERMISSION_PRESETS.readOnlyClient.permissions,
  });
  const invitation = await t.api('POST', 'team/invitations', {
    token,
    body: { email: `${label}-invitee@agency.example`, roleId: 1, permissions: ['projects.read'] },
  });
  const key = await t.api('POST', 'user/api-keys', {
    token,
    body: { name: `${label} key`, scopes: ['read'] },
  });
  if (invitation.status !== 201 || key.status !== 201) throw new Error('invitation or API key refused');
  const [payment] = await t.db
    .insert(payments)
    .values({
      userId: user.id,
      statusId: PaymentStatus.Paid,
      method: 'card',
      provider: 'stripe',
      providerRef: `cs_${label}`,
      amountCents: 5000,
      paidCents: 5000,
      email: user.email,
    })
    .returning();
  return {
    teamMemberId: member.user.id,
    invitationId: invitation.body.data.id as number,
    paymentId: payment.id,
    apiKeyId: key.body.data.id as number,
  };
}

export type OwnedWorld = Awaited<ReturnType<typeof makeOwnedWorld>>;
