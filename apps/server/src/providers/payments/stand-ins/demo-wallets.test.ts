import { PaymentStatus } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../db/schema/index.ts';
import { makeUserWithToken, reloadUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startDemoWallets } from './demo-wallets.ts';

/**
 * The offline demo's PayPal and crypto services on the real app: the buyer presses the demo page's
 * button and is back on the balance page at once; the notifications that follow credit the balance
 * (PayPal's through the approval's webhook, with nobody calling capture).
 */
let t: TestApp;
let demo: Awaited<ReturnType<typeof startDemoWallets>>;

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  demo = await startDemoWallets({ appUrl: address });
  t.ctx.providers.payments = demo.fill(t.ctx.providers.payments);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await demo?.close();
});

async function topUp(params: { token: string; method: 'paypal' | 'crypto'; button: string }) {
  const created = await t.api('POST', `payments/${params.method}`, {
    token: params.token,
    body: {
      paymentMethod: params.method,
      amount: 12,
      email: 'demo@example.com',
      ...(params.method === 'crypto' ? { payCurrency: 'ltc' } : {}),
    },
  });
  expect(created.status).toBe(201);
  const page = new URL(created.body.data.attributes.redirectUrl);
  expect(await fetch(page).then((r) => r.text())).toContain('Demo');
  const action =
    page.pathname === '/checkoutnow' ? `/checkoutnow/${params.button}` : `/payment/${params.button}`;
  const pressed = await fetch(`${page.origin}${action}${page.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(pressed.headers.get('location')).toContain(`/en/balance?payment=${created.body.data.id}`);
  return Number(created.body.data.id);
}

const statusOf = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]?.statusId;

describe('demo PayPal and crypto services', () => {
  it('PayPal: the approval alone ends Paid; crypto: the IPNs after the return end Paid', async () => {
    const { token, user } = await makeUserWithToken(t.db);
    const paypal = await topUp({ token, method: 'paypal', button: 'approve' });
    const crypto = await topUp({ token, method: 'crypto', button: 'pay' });
    expect(await statusOf(crypto)).toBe(PaymentStatus.New);
    await expect.poll(() => statusOf(paypal), { timeout: 10_000 }).toBe(PaymentStatus.Paid);
    await expect.poll(() => statusOf(crypto), { timeout: 10_000 }).toBe(PaymentStatus.Paid);
    expect((await reloadUser(t.db, user.id)).balance).toBe(24_000);
  }, 30_000);
});
