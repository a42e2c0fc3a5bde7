import { ActionCode } from '@linkwatch/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { accountMembers, users } from '../../db/schema/index.ts';
import { type SlackStandIn, startSlackStandIn } from '../../providers/messengers/stand-ins/slack.ts';
import { startTelegramStandIn, type TelegramStandIn } from '../../providers/messengers/stand-ins/telegram.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeMember, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findChannel, messagesOfUser } from './alerts.queries.ts';
import { alertOverview, connectTelegram } from './alerts.service.ts';
import { runAlertDelivery } from './run.ts';

let t: TestApp;
let web: DonorWeb;
let slack: SlackStandIn;
let telegram: TelegramStandIn;

beforeAll(async () => {
  slack = await startSlackStandIn();
  telegram = await startTelegramStandIn();
  web = await startDonorWeb();
  t = await createTestApp({
    env: {
      CHECKER_ALLOW_PRIVATE_NETWORKS: '1',
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_BASE_URL: telegram.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await web?.close();
  await slack?.close();
  await telegram?.close();
});

const acceptor = 'shop.example.com';
const withLink = donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] });
const withoutLink = donorHtml({ links: [] });
let chatIds = 500;

/** A user with a project of `pages` donor pages (each linking to the shop), Slack and Telegram connected. */
async function world(params: { locale?: string; pages: number }) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 1000, locale: params.locale ?? 'en' });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor], name: 'Shop' });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Posts' });
  const stamp = `${Date.now()}-${user.id}`;
  const paths = Array.from({ length: params.pages }, (_, i) => `/p${stamp}-${i}`);
  for (const path of paths) web.set(path, withLink);
  await makeLinks(t.db, { campaign, urls: paths.map((p) => web.url(p)) });

  const hook = slack.hookUrl(`hook${user.id}`);
  expect((await t.api('PUT', 'alerts/channels/slack', { token, body: { url: hook } })).status).toBe(200);
  const connect = await t.api('POST', 'alerts/channels/telegram', { token });
  expect(connect.status).toBe(201);
  const startUrl = new URL(connect.body.data.startUrl);
  expect(startUrl.origin + startUrl.pathname).toBe(`https://t.me/${telegram.botUsername}`);
  const chatId = ++chatIds;
  telegram.userWrites({ chatId, text: `/start ${startUrl.searchParams.get('start')}` });
  await runAlertDelivery(t.ctx);
  expect((await findChannel(t.db, { userId: user.id, kind: 'telegram' }))?.telegramChatId).toBe(
    String(chatId),
  );

  const check = async () => {
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    return res.body.data.id as number;
  };
  const rule = (body: Record<string, unknown>) =>
    t.api('PUT', `projects/${project.id}/alerts`, { token, body });
  const slackPosts = () => slack.received.filter((r) => hook.endsWith(r.path));
  const telegramPosts = () => telegram.sent.filter((m) => String(m.chat_id) === String(chatId));
  return { user, token, project, paths, check, rule, hook, chatId, slackPosts, telegramPosts };
}

describe('alerts on a check task', () => {
  it('sends one grouped message per task to Slack, Telegram and e-mail, in the user language', async () => {
    const w = await world({ locale: 'ru', pages: 4 });
    // The connected chat was greeted in the owner's language.
    expect(w.telegramPosts()[0].text).toBe(
      'Linkwatch подключён: оповещения о ваших проектах будут приходить в этот чат.',
    );
    await w.check(); // the links are found: no rule yet, nothing queued
    expect(await messagesOfUser(t.db, { userId: w.user.id })).toEqual([]);

    const saved = await w.rule({
      events: ['linkLost', 'pageGone', 'taskFinished'],
      channels: ['slack', 'telegram', 'email'],
      mode: 'immediate',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({
      channels: ['slack', 'telegram', 'email'],
      mode: 'immediate',
    });

    // Three pages drop the link, one answers 404: a first miss is not yet a lost link.
    for (const path of w.paths.slice(0, 3)) web.set(path, withoutLink);
    web.set(w.paths[3], { status: 404, body: 'gone' });
    await w.check();
    const lostTask = await w.check();
    await runAlertDelivery(t.ctx);

    const posts = w.slackPosts();
    expect(posts).toHaveLength(2); // one per task, not one per link
    const last = JSON.stringify(posts[1].body);
    expect(posts[1].body.text).toBe('Linkwatch: новости проекта Shop');
    expect(last).toContain('Пропало ссылок: 3');
    expect(last).toContain('Задача завершена, обработано ссылок: 4');
    for (const path of w.paths.slice(0, 3)) expect(last).toContain(web.url(path));
    expect(last).toContain(
      `<http://app.test/ru/report?project=${w.project.id}&action=${lostTask}|Открыть отчёт>`,
    );
    expect(JSON.stringify(posts[0].body)).toContain('Недоступных страниц: 1');

    const tg = w.telegramPosts().slice(1);
    expect(tg).toHaveLength(2);
    expect(tg[1].parse_mode).toBe('HTML');
    expect(tg[1].text).toContain('<b>Shop: Проверка обратных ссылок</b>');
    expect(tg[1].text).toContain('• Пропало ссылок: 3');
    expect(tg[1].text).toContain(
      `<a href="http://app.test/ru/report?project=${w.project.id}&amp;action=${lostTask}">Открыть отчёт</a>`,
    );

    const mails = t.smtp.to(w.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Linkwatch: новости проекта Shop',
      'Linkwatch: новости проекта Shop',
    ]);
    expect(mails[1].text).toContain('Пропало ссылок: 3');

    const messages = await messagesOfUser(t.db, { userId: w.user.id });
    expect(messages.map((m) => m.status)).toEqual(Array(6).fill('sent'));
  });

  it('honours 429 with Retry-After (Slack) and retry_after (Telegram), then delivers', async () => {
    const w = await world({ pages: 1 });
    await w.rule({ events: ['taskFinished'], channels: ['slack', 'telegram'], mode: 'immediate' });
    slack.set({ rateLimited: 1, retryAfterSeconds: 120 });
    telegram.set({ rateLimited: 1, retryAfterSeconds: 300 });
    await w.check();
    const now = new Date();
    await runAlertDelivery(t.ctx, { now });
    const waiting = await messagesOfUser(t.db, { userId: w.user.id });
    expect(waiting.map((m) => m.status)).toEqual(['pending', 'pending']);
    const at = (channel: string) => waiting.find((m) => m.channel === channel)!.nextAttemptAt.getTime();
    expect(at('slack') - now.getTime()).toBe(120_000);
    expect(at('telegram') - now.getTime()).toBe(300_000);
    // Being rate limited is not the channel failing.
    expect((await findChannel(t.db, { userId: w.user.id, kind: 'slack' }))?.failures).toBe(0);

    // Not before the time asked.
    const slackTries = slack.attempts;
    await runAlertDelivery(t.ctx, { now: new Date(now.getTime() + 119_000) });
    expect(slack.attempts).toBe(slackTries);
    await runAlertDelivery(t.ctx, { now: new Date(now.getTime() + 121_000) });
    expect(w.slackPosts()).toHaveLength(1);
    expect(w.telegramPosts()).toHaveLength(1); // the greeting only
    await runAlertDelivery(t.ctx, { now: new Date(now.getTime() + 301_000) });
    expect(w.telegramPosts()).toHaveLength(2);
    const done = await messagesOfUser(t.db, { userId: w.user.id });
    expect(done.map((m) => [m.status, m.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('pauses a channel that keeps failing and tells the user in the app', async () => {
    const w = await world({ pages: 1 });
    await w.rule({ events: ['taskFinished'], channels: ['slack'], mode: 'immediate' });
    slack.set({ serverErrors: 100 });
    try {
      for (let i = 0; i < 3; i++) await w.check();
      let now = Date.now();
      for (let round = 0; round < 4; round++) {
        await runAlertDelivery(t.ctx, { now: new Date(now) });
        now += 3_600_000;
      }
    } finally {
      slack.set({ serverErrors: 0 });
    }
    const channel = await findChannel(t.db, { userId: w.user.id, kind: 'slack' });
    expect(channel).toMatchObject({ status: 'paused', failures: 5, lastError: 'internal_error' });
    const notes = await t.api('GET', 'notifications', { token: w.token });
    expect(notes.body.data.map((n: { attributes: { message: string } }) => n.attributes.message)).toContain(
      'Slack alerts are paused: the last 5 deliveries failed. Check the channel and resume it in the alert settings.',
    );
    // Paused, nothing more is tried; resumed, the next task's message goes out.
    const statuses = (await messagesOfUser(t.db, { userId: w.user.id })).map((m) => m.status);
    expect(statuses).not.toContain('pending');
    const resumed = await t.api('POST', `alerts/channels/${channel!.id}/resume`, { token: w.token });
    expect(resumed.body.data.attributes.status).toBe('active');
    await w.check();
    await runAlertDelivery(t.ctx);
    expect(w.slackPosts()).toHaveLength(1);
  });

  it('holds digest messages until the hour in the user time zone, then sends one per channel', async () => {
    const w = await world({ locale: 'ua', pages: 2 });
    const settings = await t.api('PUT', 'alerts/settings', {
      token: w.token,
      body: { timeZone: 'Asia/Tokyo', digestHour: 9 },
    });
    expect(settings.body.data.settings).toEqual({ timeZone: 'Asia/Tokyo', digestHour: 9 });
    await w.rule({ events: ['linkLost', 'taskFinished'], channels: ['telegram'], mode: 'digest' });
    await w.check();
    await w.check();
    expect((await messagesOfUser(t.db, { userId: w.user.id })).map((m) => m.status)).toEqual([
      'held',
      'held',
    ]);

    // 08:30 in Tokyo is 23:30 UTC the day before: too early.
    await runAlertDelivery(t.ctx, { now: new Date('2030-03-01T23:30:00Z') });
    expect(w.telegramPosts()).toHaveLength(1);
    await runAlertDelivery(t.ctx, { now: new Date('2030-03-02T00:10:00Z') });
    const digest = w.telegramPosts()[1].text;
    expect(digest.match(/<b>Shop: Перевірка зворотних посилань<\/b>/g)).toHaveLength(2);
    expect(digest).toContain('Завдання завершено, оброблено посилань: 2');
    // Once a day.
    await w.check();
    await runAlertDelivery(t.ctx, { now: new Date('2030-03-02T03:00:00Z') });
    expect(w.telegramPosts()).toHaveLength(2);
    await runAlertDelivery(t.ctx, { now: new Date('2030-03-03T00:10:00Z') });
    expect(w.telegramPosts()).toHaveLength(3);
  });
});

describe('alert e-mails to the team (issue 27)', () => {
  /** A member with their own address and language. */
  async function member(params: {
    accountId: number;
    permissions: string[];
    locale: string;
    roleId?: number;
  }) {
    const made = await makeMember(t.db, params);
    await t.db.update(users).set({ locale: params.locale }).where(eq(users.id, made.user.id));
    return made.user;
  }

  it('mails each member what their permissions let them see, in their language; one who left gets nothing', async () => {
    const w = await world({ locale: 'ru', pages: 2 });
    await w.check(); // the links are found: no rule yet, nothing queued
    const lead = await member({
      accountId: w.user.id,
      permissions: ['projects.read', 'reports.read'],
      locale: 'en',
    });
    const accountant = await member({
      accountId: w.user.id,
      permissions: ['balance.read'],
      locale: 'ua',
      roleId: 2,
    });
    const builder = await member({
      accountId: w.user.id,
      permissions: ['projects.read', 'links.manage'],
      locale: 'en',
    });
    const leaver = await member({ accountId: w.user.id, permissions: ['reports.read'], locale: 'en' });
    const saved = await w.rule({
      events: ['linkLost', 'taskFinished', 'balanceLow'],
      channels: ['email'],
      mode: 'immediate',
      balanceThreshold: 100_000,
    });
    expect(saved.status).toBe(200);

    for (const path of w.paths) web.set(path, withoutLink);
    await w.check();
    await w.check(); // a second miss in a row: the links are lost
    // Queued for the leaver while a member; they leave before it is sent.
    await t.db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, w.user.id), eq(accountMembers.userId, leaver.id)));
    await runAlertDelivery(t.ctx);

    const owner = t.smtp.to(w.user.email);
    expect(owner).toHaveLength(2);
    expect(owner[1].text).toContain('Пропало ссылок: 2');
    expect(owner[1].text).toContain('Задача завершена');

    const lead2 = t.smtp.to(lead.email);
    expect(lead2.map((m) => m.subject)).toEqual(['Linkwatch: news about Shop', 'Linkwatch: news about Shop']);
    expect(lead2[1].text).toContain('Links lost: 2');
    expect(lead2[1].text).toContain('Task finished, links processed: 2');
    expect(lead2[1].text).not.toContain('Balance below');

    const accountant2 = t.smtp.to(accountant.email);
    expect(accountant2.map((m) => m.subject)).toEqual([
      'Linkwatch: новини проєкту Shop',
      'Linkwatch: новини проєкту Shop',
    ]);
    expect(accountant2[1].text).toContain('Баланс нижче порогу');
    expect(accountant2[1].text).not.toContain('Зникло посилань');
    expect(accountant2[1].text).not.toContain('Завдання завершено');

    expect(t.smtp.to(builder.email)).toEqual([]);
    expect(t.smtp.to(leaver.email)).toEqual([]);
    const messages = await messagesOfUser(t.db, { userId: w.user.id });
    expect(messages.filter((m) => m.channel === `email:${leaver.id}`).map((m) => m.lastError)).toEqual([
      'no longer a member',
      'no longer a member',
    ]);
  });

  it('tells no member of a rule that does not mail', async () => {
    const w = await world({ pages: 1 });
    const lead = await member({ accountId: w.user.id, permissions: ['reports.read'], locale: 'en' });
    await w.rule({ events: ['taskFinished'], channels: ['slack'], mode: 'immediate' });
    await w.check();
    await runAlertDelivery(t.ctx);
    expect(w.slackPosts()).toHaveLength(1);
    expect(t.smtp.to(lead.email)).toEqual([]);
  });
});

describe('alert settings calls', () => {
  it('refuses channels not connected, a Slack URL elsewhere, and foreign projects', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const project = await makeProject(t.db, { userId: user.id });
    const bad = await t.api('PUT', `projects/${project.id}/alerts`, {
      token,
      body: { events: ['linkLost'], channels: ['slack'], mode: 'immediate' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.channels).toEqual(['Connect the channel before choosing it']);
    const ftp = await t.api('PUT', 'alerts/channels/slack', {
      token,
      body: { url: 'ftp://hooks.slack.com/x' },
    });
    expect(ftp.status).toBe(422);
    const other = await makeUserWithToken(t.db);
    expect((await t.api('GET', `projects/${project.id}/alerts`, { token: other.token })).status).toBe(404);
    const empty = await t.api('GET', `projects/${project.id}/alerts`, { token });
    expect(empty.body.data.attributes).toEqual({
      projectId: project.id,
      events: [],
      channels: [],
      webhookIds: [],
      mode: 'immediate',
      balanceThreshold: null,
    });
    const overview = await t.api('GET', 'alerts', { token });
    expect(overview.body.data).toEqual({
      channels: [],
      webhooks: [],
      settings: { timeZone: 'UTC', digestHour: 9 },
      telegram: { available: true },
    });
  });

  it('says plainly that Telegram is off without a bot token', async () => {
    const { user } = await makeUserWithToken(t.db);
    const ctx = {
      db: t.db,
      config: loadConfig({ DATA_DIR: '/tmp/linkwatch-test', APP_URL: 'http://app.test' }),
    };
    await expect(connectTelegram(ctx, { userId: user.id })).rejects.toMatchObject({
      kind: 'invalid',
      message: 'alerts.errors.telegramOff',
    });
    expect((await alertOverview(ctx, user.id)).telegram).toEqual({ available: false });
  });
});
