import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActionCode } from '@linkwatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookSender, deliverDueWebhooks, type WebhookSender } from '../webhooks/delivery.ts';
import { signatureHeader } from '../webhooks/signing.ts';
import { messagesOfUser } from './alerts.queries.ts';
import { runAlertDelivery } from './run.ts';

/** A local endpoint of the user's: records every delivery, answers 200. */
async function startReceiver() {
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestApp;
let web: DonorWeb;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sender: WebhookSender;

beforeAll(async () => {
  // The receiver is on loopback: tests and private installs only.
  t = await createTestApp({ env: { CHECKER_ALLOW_PRIVATE_NETWORKS: '1' } });
  web = await startDonorWeb();
  receiver = await startReceiver();
  sender = createWebhookSender(t.ctx.config);
});
afterAll(async () => {
  await sender?.close();
  await receiver?.close();
  await web?.close();
  await t?.close();
});

const acceptor = 'shop.example.com';
const withLink = donorHtml({ links: [`<a href="https://${acceptor}/">shop</a>`] });
const withoutLink = donorHtml({ links: [] });

async function world(params: { locale?: string; pages: number; events?: string[] }) {
  const { user, token } = await makeUserWithToken(t.db, { balance: 1000, locale: params.locale ?? 'en' });
  const project = await makeProject(t.db, { userId: user.id, domains: [acceptor], name: 'Shop' });
  const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id, name: 'Posts' });
  const stamp = `${Date.now()}-${user.id}`;
  const paths = Array.from({ length: params.pages }, (_, i) => `/w${stamp}-${i}`);
  for (const path of paths) web.set(path, withLink);
  await makeLinks(t.db, { campaign, urls: paths.map((p) => web.url(p)) });
  const hookPath = `/hooks/${stamp}`;
  const created = await t.api('POST', 'user/webhooks', {
    token,
    body: { url: receiver.url(hookPath), events: params.events ?? ['task.finished'] },
  });
  expect(created.status).toBe(201);
  const check = async () => {
    const res = await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`, {
      token,
    });
    expect(res.status).toBe(201);
    await t.drain();
    return res.body.data.id as number;
  };
  const alertsReceived = () =>
    receiver.received.filter((r) => r.path === hookPath && r.headers['linkwatch-event'] === 'alert');
  return {
    user,
    token,
    project,
    paths,
    check,
    endpoint: created.body.data as { id: number; attributes: { secret: string; events: string[] } },
    alertsReceived,
    rule: (body: Record<string, unknown>) => t.api('PUT', `projects/${project.id}/alerts`, { token, body }),
  };
}

/** The alert worker's round, then the webhook worker's: both as the worker's clock runs them. */
async function deliverAll(now = new Date()) {
  await runAlertDelivery(t.ctx, { now });
  await deliverDueWebhooks(t.ctx, { sender, now });
}

describe("the user's own webhook as an alert channel", () => {
  it('sends one signed `alert` event with the grouped changes when a check loses links', async () => {
    const w = await world({ locale: 'ru', pages: 3 });
    const overview = await t.api('GET', 'alerts', { token: w.token });
    expect(overview.body.data.webhooks).toEqual([
      { id: w.endpoint.id, target: expect.stringMatching(/^127\.0\.0\.1:\d+\/…/), disabled: false },
    ]);

    const saved = await w.rule({
      events: ['linkLost', 'taskFinished'],
      channels: [],
      webhookIds: [w.endpoint.id],
      mode: 'immediate',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({ channels: [], webhookIds: [w.endpoint.id] });
    expect(
      (await t.api('GET', `projects/${w.project.id}/alerts`, { token: w.token })).body.data.attributes,
    ).toMatchObject({ channels: [], webhookIds: [w.endpoint.id] });
    // Choosing the endpoint subscribed it to `alert` (the list that gates its deliveries).
    const listed = await t.api('GET', 'user/webhooks', { token: w.token });
    expect(listed.body.data[0].attributes.events).toEqual(['task.finished', 'alert']);

    await w.check(); // links found
    await deliverAll();
    expect(w.alertsReceived()).toHaveLength(1); // "task finished" only

    // Two pages drop the link: a first miss is not yet a lost link, the second check loses them.
    for (const path of w.paths.slice(0, 2)) web.set(path, withoutLink);
    await w.check();
    const lostTask = await w.check();
    await deliverAll();

    const deliveries = w.alertsReceived();
    expect(deliveries).toHaveLength(3); // one per task, not one per link
    const last = deliveries[2];
    // Signed as every delivery: the header checks out with the endpoint's secret.
    const signature = String(last.headers['linkwatch-signature']);
    const stamp = Number(signature.match(/^t=(\d+),/)?.[1]);
    expect(signature).toBe(
      signatureHeader({ secret: w.endpoint.attributes.secret, body: last.body, timestamp: stamp }),
    );
    const event = JSON.parse(last.body);
    expect(last.headers['linkwatch-event-id']).toBe(event.id);
    expect(event.type).toBe('alert');
    expect(event.data).toMatchObject({
      mode: 'immediate',
      language: 'ru',
      subject: 'Linkwatch: новости проекта Shop',
      links: { settings: `http://app.test/ru/alerts/${w.project.id}` },
    });
    expect(event.data.alerts).toHaveLength(1);
    const [alert] = event.data.alerts;
    expect(alert.project).toEqual({ id: w.project.id, name: 'Shop' });
    expect(alert.rule).toMatchObject({ events: ['linkLost', 'taskFinished'], mode: 'immediate' });
    expect(alert.task).toEqual({ id: lostTask, action: ActionCode.CheckBacklinks });
    expect(alert.events.linkLost.count).toBe(2);
    expect(alert.events.linkLost.samples.map((s: { url: string }) => s.url).sort()).toEqual(
      w.paths
        .slice(0, 2)
        .map((p) => web.url(p))
        .sort(),
    );
    expect(alert.events.taskFinished.count).toBe(3);
    expect(alert.message.lines.map((l: { text: string }) => l.text)).toEqual([
      'Пропало ссылок: 2',
      'Задача завершена, обработано ссылок: 3',
    ]);
    expect(alert.links.report).toBe(`http://app.test/ru/report?project=${w.project.id}&action=${lostTask}`);

    // The alert messages were handed over; the webhook log shows the deliveries.
    const messages = await messagesOfUser(t.db, { userId: w.user.id });
    expect(messages.map((m) => [m.channel, m.status])).toEqual(
      Array(3).fill([`webhook:${w.endpoint.id}`, 'sent']),
    );
    const log = await t.api('GET', `user/webhooks/${w.endpoint.id}/deliveries`, { token: w.token });
    expect(log.status).toBe(200);
    const alertLog = log.body.data.filter(
      (d: { attributes: { eventType: string } }) => d.attributes.eventType === 'alert',
    );
    expect(alertLog.map((d: { attributes: { status: string } }) => d.attributes.status)).toEqual(
      Array(3).fill('delivered'),
    );
  });

  it('sends a digest to the endpoint as one event', async () => {
    const w = await world({ pages: 1, events: ['alert'] });
    await t.api('PUT', 'alerts/settings', { token: w.token, body: { timeZone: 'UTC', digestHour: 6 } });
    await w.rule({ events: ['taskFinished'], channels: [], webhookIds: [w.endpoint.id], mode: 'digest' });
    await w.check();
    await w.check();
    await deliverAll(new Date('2030-05-01T05:00:00Z'));
    expect(w.alertsReceived()).toHaveLength(0);
    await deliverAll(new Date('2030-05-01T06:05:00Z'));
    const [delivery] = w.alertsReceived();
    const event = JSON.parse(delivery.body);
    expect(event.data.mode).toBe('digest');
    expect(event.data.alerts).toHaveLength(2);
    expect(w.alertsReceived()).toHaveLength(1);
  });

  it("refuses another account's endpoint and an unknown one, changing nothing", async () => {
    const w = await world({ pages: 1 });
    const other = await world({ pages: 1 });
    await w.rule({ events: ['linkLost'], channels: ['email'], mode: 'immediate' });
    for (const id of [other.endpoint.id, 999_999]) {
      const refused = await w.rule({
        events: ['linkLost'],
        channels: [],
        webhookIds: [id],
        mode: 'immediate',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.webhookIds).toEqual(['Choose one of your webhook endpoints']);
    }
    const rule = await t.api('GET', `projects/${w.project.id}/alerts`, { token: w.token });
    expect(rule.body.data.attributes).toMatchObject({ channels: ['email'], webhookIds: [] });
    // The other account's endpoint was not subscribed to alerts either.
    const theirs = await t.api('GET', 'user/webhooks', { token: other.token });
    expect(theirs.body.data[0].attributes.events).toEqual(['task.finished']);
  });

  it('fails the message, sending nothing, when the endpoint was deleted', async () => {
    const w = await world({ pages: 1 });
    await w.rule({ events: ['taskFinished'], channels: [], webhookIds: [w.endpoint.id], mode: 'immediate' });
    expect((await t.api('DELETE', `user/webhooks/${w.endpoint.id}`, { token: w.token })).status).toBe(200);
    await w.check();
    await deliverAll();
    expect(w.alertsReceived()).toHaveLength(0);
    const [message] = await messagesOfUser(t.db, { userId: w.user.id });
    expect(message.status).toBe('failed');
  });
});
