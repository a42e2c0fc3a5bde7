import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUserWithToken } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyPaymentEvent } from './apply-event.ts';
import { sellerWarning } from './invoice.ts';
import { makePayment } from './payments.factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SELLER_NAME: 'Linkwatch OÜ', SELLER_ADDRESS: 'Narva mnt 5, Tallinn', SELLER_VAT: 'EE101010101' },
  });
});
afterAll(() => t.close());

let seq = 0;
/** A payment that the provider reported paid (through applyPaymentEvent, as a webhook would). */
async function paidPayment(userId: number, cents: number) {
  const payment = await makePayment(t.db, { userId, amountCents: cents });
  await applyPaymentEvent(t.ctx, 'stripe', {
    eventId: `evt_invoice_${++seq}`,
    providerRef: payment.providerRef,
    kind: 'paid',
    paidCents: cents,
    currency: 'usd',
  });
  return payment;
}

describe('GET balances/invoice/{id}', () => {
  it('answers the owner’s paid payment as a PDF naming seller, buyer, amount, bonus and method, in Cyrillic', async () => {
    const { user, token } = await makeUserWithToken(t.db, {
      name: 'Иван Петров',
      address: 'ул. Ленина 1',
      city: 'Киев',
      postalIndex: '01001',
      country: 'Украина',
      vatNumber: 'UA123456789',
      regCode: '12345678',
    });
    const payment = await paidPayment(user.id, 15_000);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/balances/invoice/${payment.id}`,
      headers: { authorization: `Bearer ${token}`, 'x-localization': 'ua' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="payment_invoice_${payment.id}.pdf"`);

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Рахунок',
      String(payment.id).padStart(6, '0'),
      'Linkwatch OÜ',
      'EE101010101',
      'Иван Петров',
      'ул. Ленина 1',
      '01001 Киев',
      'Украина',
      'UA123456789',
      '12345678',
      '150.00',
      '$150.00',
      'Бонусні кредити (5%)',
      'Безкоштовно',
      'Спосіб оплати: Картка',
    ])
      expect(text).toContain(expected);
    // The bonus is given, not sold at 0.00: the only amounts are the price paid and the total.
    expect(text).not.toMatch(/(^|\s)0\.00(\s|$)/);
    // 150,000 credits and the 7,500 bonus, written the Ukrainian way (a narrow no-break space).
    expect(text.replace(/\s/g, ' ')).toMatch(/150 000/);
    expect(text.replace(/\s/g, ' ')).toMatch(/7 500/);
  });

  it.each([
    ['en', 'Free'],
    ['ru', 'Бесплатно'],
    ['ua', 'Безкоштовно'],
  ])('writes the bonus credits as free, not as 0.00 (%s)', async (locale, free) => {
    const { user, token } = await makeUserWithToken(t.db);
    const payment = await paidPayment(user.id, 15_000);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/balances/invoice/${payment.id}`,
      headers: { authorization: `Bearer ${token}`, 'x-localization': locale },
    });
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(free);
    expect(text).not.toMatch(/(^|\s)0\.00(\s|$)/);
  });

  it('tells the operator at start when invoices would name a seller with no address', () => {
    const seller = {
      name: 'Linkwatch',
      address: undefined,
      vatNumber: undefined,
      regCode: undefined,
      email: undefined,
    };
    expect(sellerWarning({ seller, paymentsOn: true })).toContain('SELLER_ADDRESS');
    expect(sellerWarning({ seller, paymentsOn: false })).toBeNull();
    expect(sellerWarning({ seller: { ...seller, address: 'Narva mnt 5' }, paymentsOn: true })).toBeNull();
  });

  it('is not found for a payment not Paid, or someone else’s', async () => {
    const owner = await makeUserWithToken(t.db);
    const paid = await paidPayment(owner.user.id, 100);
    const unpaid = await makePayment(t.db, { userId: owner.user.id, amountCents: 100 });
    const other = await makeUserWithToken(t.db);
    expect((await t.api('GET', `balances/invoice/${unpaid.id}`, { token: owner.token })).status).toBe(404);
    expect((await t.api('GET', `balances/invoice/${paid.id}`, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', 'balances/invoice/999999', { token: owner.token })).status).toBe(404);
  });
});

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
