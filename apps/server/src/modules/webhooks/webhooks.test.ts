import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ActionCode } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { type DonorWeb, donorHtml, startDonorWeb } from '../../test/donor-web.ts';
import { makeCampaign, makeLinks, makeProject, makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createScheduler } from '../../worker/scheduler.ts';
import { applyPaymentEvent } from '../payments/apply-event.ts';
import { makePayment } from '../payments/payments.factories.ts';
import { createWebhookSender, deliverDueWebhooks, retryDelayMs, type WebhookSender } from './delivery.ts';
import { queueWebhookEvent } from './webhooks.service.ts';

/** A local endpoint that records every delivery and answers what the test says. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'receiver broken');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/linkwatch`;
  return {
    url,
    received,
    answer: (code: number) => {
      status = code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The README's verification snippet, as documented, loaded as a module. */
async function documentedVerifier() {
  const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
  const match = readme.match(/<!-- webhook-verify-snippet -->\s*```js\n([\s\S]*?)```/);
  if (!match) throw new Error('the README lost its verification snippet');
  const file = path.join(tmpdir(), `linkwatch-verify-${process.pid}.mjs`);
  writeFileSync(file, match[1]);
  return (await import(file)) as {
    verifyLinkwatchSignature(params: { rawBody: string; header: string; secret: string }): {
      id: string;
      type: string;
      data: Record<string, unknown>;
    };
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('outgoing webhooks (issue 32)', () => {
  let t: TestApp;
  let web: DonorWeb;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sender: WebhookSender;

  beforeAll(async () => {
    // Tests and private installs: the receiver is on loopback.
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

  const deliver = (now = new Date()) => deliverDueWebhooks(t.ctx, { sender, now });

  async function endpointFor(token: string, events: string[]) {
    const res = await t.api('POST', 'user/webhooks', { token, body: { url: receiver.url, events } });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: number; attributes: { secret: string; url: string } };
  }

  it('answers the secret once, keeps it encrypted, and signs a finished task’s event verifiably', async () => {
    const { user, token } = await makeUserWithToken(t.db, { balance: 100 });
    const endpoint = await endpointFor(token, ['task.finished', 'link.changed']);
    expect(endpoint.attributes.secret).toMatch(/^whsec_/);
    const list = await t.api('GET', 'user/webhooks', { token });
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(endpoint.attributes.secret);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.secretEncrypted).not.toContain(endpoint.attributes.secret);

    // A real check task, finished by the worker, queues the event.
    const project = await makeProject(t.db, { userId: user.id, domains: ['shop.example.com'] });
    const campaign = await makeCampaign(t.db, { userId: user.id, projectId: project.id });
    web.set('/kept', donorHtml({ links: ['<a href="https://shop.example.com/">shop</a>'] }));
    await makeLinks(t.db, { campaign, urls: [web.url('/kept')] });
    const started = await t.api(
      'POST',
      `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaign.id}`,
      {
        token,
      },
    );
    expect(started.status, started.text).toBe(201);
    await t.drain();

    receiver.received.length = 0;
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const finished = receiver.received.find((r) => r.headers['linkwatch-event'] === 'task.finished');
    expect(finished).toBeDefined();
    const { verifyLinkwatchSignature } = await documentedVerifier();
    const event = verifyLinkwatchSignature({
      rawBody: finished!.body,
      header: String(finished!.headers['linkwatch-signature']),
      secret: endpoint.attributes.secret,
    });
    expect(event.type).toBe('task.finished');
    expect(event.id).toBe(finished!.headers['linkwatch-event-id']);
    expect(event.data).toMatchObject({ taskId: started.body.data.id, status: 'done', total: 1 });
    expect(String(finished!.headers['linkwatch-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // A body changed in transit, or another secret, fails the same check.
    expect(() =>
      verifyLinkwatchSignature({
        rawBody: finished!.body.replace('done', 'fail'),
        header: String(finished!.headers['linkwatch-signature']),
        secret: endpoint.attributes.secret,
      }),
    ).toThrow();
    const log = await t.api('GET', `user/webhooks/${endpoint.id}/deliveries`, { token });
    expect(
      log.body.data.find(
        (d: { attributes: { eventType: string } }) => d.attributes.eventType === 'task.finished',
      ),
    ).toMatchObject({ attributes: { status: 'delivered', attempts: 1, lastStatusCode: 200 } });
  });

  it('retries with exponential back-off as time moves, then delivers; "send again" repeats the event', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const endpoint = await endpointFor(token, ['payment.paid']);
    const start = new Date();
    const eventId = await queueWebhookEvent(t.db, {
      userId: user.id,
      type: 'payment.paid',
      data: { paymentId: 1 },
      at: start,
    });
    receiver.answer(503);
    receiver.received.length = 0;
    const sentAt: number[] = [];
    let now = start.getTime();
    // Four failures: each next attempt waits twice as long, and nothing is sent before it is due.
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await deliver(new Date(now))).toBe(1);
      sentAt.push(now);
      const [row] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, lastStatusCode: 503 });
      expect(row.nextAttemptAt.getTime() - now).toBe(retryDelayMs(attempt));
      expect(await deliver(new Date(row.nextAttemptAt.getTime() - 1000))).toBe(0);
      now = row.nextAttemptAt.getTime();
    }
    expect(sentAt.slice(1).map((at, i) => (at - sentAt[i]) / MINUTE)).toEqual([1, 2, 4]);
    receiver.answer(200);
    expect(await deliver(new Date(now))).toBe(1);
    expect(receiver.received.map((r) => r.headers['linkwatch-event-id'])).toEqual(Array(5).fill(eventId));
    const log = await t.api('GET', `user/webhooks/${endpoint.id}/deliveries`, { token });
    expect(log.body.data[0].attributes).toMatchObject({
      status: 'delivered',
      attempts: 5,
      lastStatusCode: 200,
    });
    const [healthy] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(healthy.failingSince).toBeNull();

    const resent = await t.api('POST', `user/webhooks/deliveries/${log.body.data[0].id}/resend`, { token });
    expect(resent.status, resent.text).toBe(201);
    expect(resent.body.data.attributes).toMatchObject({ status: 'pending', eventId });
    expect(await deliver()).toBe(1);
    expect(receiver.received.at(-1)?.headers['linkwatch-event-id']).toBe(eventId);

    // Someone else's delivery or endpoint is not found.
    const other = await makeUserWithToken(t.db);
    expect(
      (await t.api('POST', `user/webhooks/deliveries/${log.body.data[0].id}/resend`, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (await t.api('GET', `user/webhooks/${endpoint.id}/deliveries`, { token: other.token })).status,
    ).toBe(404);
    expect((await t.api('DELETE', `user/webhooks/${endpoint.id}`, { token: other.token })).status).toBe(404);
  });

  it('gives a delivery up after 3 days, disables an endpoint failing for days and tells its owner', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const endpoint = await endpointFor(token, ['report.created', 'task.finished']);
    const start = new Date();
    await queueWebhookEvent(t.db, { userId: user.id, type: 'report.created', data: {}, at: start });
    receiver.answer(500);
    let now = start.getTime();
    let attempts = 0;
    while (attempts < 40) {
      if ((await deliver(new Date(now))) === 0) break;
      attempts += 1;
      const [row] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      if (row.status !== 'pending') break;
      now = row.nextAttemptAt.getTime();
    }
    const [row] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row.status).toBe('failed');
    expect(now - start.getTime()).toBeLessThanOrEqual(3 * DAY);
    expect(now - start.getTime()).toBeGreaterThan(2 * DAY);
    expect(attempts).toBeGreaterThan(10);
    const [disabled] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(disabled.disabledAt).not.toBeNull();
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.map((n) => n.message)).toEqual([expect.stringContaining(receiver.url)]);
    // No new events reach a disabled endpoint, and "send again" is refused until it is turned on.
    expect(await queueWebhookEvent(t.db, { userId: user.id, type: 'task.finished', data: {} })).toBeNull();
    const resend = await t.api('POST', `user/webhooks/deliveries/${row.id}/resend`, { token });
    expect(resend.status).toBe(422);
    const enabled = await t.api('POST', `user/webhooks/${endpoint.id}/enable`, { token });
    expect(enabled.body.data.attributes.disabledAt).toBeNull();
    expect((await t.api('POST', `user/webhooks/deliveries/${row.id}/resend`, { token })).status).toBe(201);
    receiver.answer(200);
  });

  it('queues payment.paid once, in the payment’s transaction, however often the provider tells it', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const endpoint = await endpointFor(token, ['payment.paid']);
    const payment = await makePayment(t.db, { userId: user.id, amountCents: 15_000 });
    const event = {
      eventId: `evt_hook_${Date.now()}`,
      providerRef: payment.providerRef,
      kind: 'paid',
      paidCents: 15_000,
      currency: 'usd',
    } as const;
    await Promise.all(Array.from({ length: 5 }, () => applyPaymentEvent(t.ctx, 'stripe', event)));
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].eventType).toBe('payment.paid');
    expect(JSON.parse(rows[0].body).data).toMatchObject({
      paymentId: payment.id,
      paidCents: 15_000,
      credits: 150_000,
      bonusCredits: 7_500,
    });
  });

  it('is sent by the worker’s clock (the scheduler every process with workers runs)', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const endpoint = await endpointFor(token, ['task.finished']);
    const eventId = await queueWebhookEvent(t.db, { userId: user.id, type: 'task.finished', data: {} });
    const scheduler = createScheduler(t.ctx, { intervalMs: 60_000 });
    scheduler.start();
    await scheduler.stop();
    const [row] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row.status).toBe('delivered');
    expect(receiver.received.at(-1)?.headers['linkwatch-event-id']).toBe(eventId);
  });

  it('refuses invalid input with field messages', async () => {
    const { token } = await makeUserWithToken(t.db);
    const bad = await t.api('POST', 'user/webhooks', {
      token,
      body: { url: 'ftp://example.com/x', events: ['nope'] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['events.0', 'url']);
    const none = await t.api('POST', 'user/webhooks', {
      token,
      body: { url: 'https://example.com/x', events: [] },
    });
    expect(none.status).toBe(422);
    expect((await t.api('GET', 'user/webhooks')).status).toBe(401);
  });
});

describe('webhooks and the SSRF guard (private networks refused, the default)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sender: WebhookSender;
  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startReceiver();
    sender = createWebhookSender(t.ctx.config);
  });
  afterAll(async () => {
    await sender?.close();
    await receiver?.close();
    await t?.close();
  });

  it('refuses loopback, private, link-local and metadata endpoints when registered', async () => {
    const { token } = await makeUserWithToken(t.db);
    for (const url of [
      receiver.url,
      'http://localhost:8080/hook',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/hook',
    ]) {
      const res = await t.api('POST', 'user/webhooks', { token, body: { url, events: ['task.finished'] } });
      expect(res.status, url).toBe(422);
      expect(res.body.errors.url, url).toEqual([
        'Webhooks cannot be sent to private, loopback or local addresses',
      ]);
    }
  });

  it('refuses to connect when a public-looking endpoint reaches a private address at send time', async () => {
    const { user } = await makeUserWithToken(t.db);
    // As if DNS now answered loopback for a name that was public when registered.
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        userId: user.id,
        url: receiver.url.replace('127.0.0.1', 'localhost'),
        events: ['task.finished'],
        secretEncrypted: 'v1:x:y:z',
      })
      .returning();
    const sealed = (await (await import('./signing.ts')).secretBoxFor(t.ctx.config.webhooks)).seal(
      'whsec_test',
    );
    await t.db
      .update(webhookEndpoints)
      .set({ secretEncrypted: sealed })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await queueWebhookEvent(t.db, { userId: user.id, type: 'task.finished', data: {} });
    expect(await deliverDueWebhooks(t.ctx, { sender })).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(row.lastError).toMatch(/blocked_address/);
  });
});
