import { expect, type Page, test } from '@playwright/test';
import { balanceNow, creditsShown } from './balanceHelpers.ts';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, newUser, openSignedIn } from './support.ts';

// issue 12: buying credits with PayPal and crypto in a real browser. The e2e server runs the offline
// demo, whose PayPal and crypto services are the PayPal and NOWPayments stand-ins on loopback: PayPal's
// page approves and the balance page captures on the return; the invoice page pays and the IPNs of the
// payment's confirmations follow the browser back, 0.7 s apart.
const t = texts('en');

/** Amount form → payment popup → the method (and for crypto the coin and network) → the provider's page. */
async function checkOut(page: Page, params: { dollars: string; method: 'paypal' | 'crypto' }) {
  await page.getByLabel(t.balanceUi.topUp.amount).fill(params.dollars);
  await page.getByRole('button', { name: t.balanceUi.topUp.submit }).click();
  const dialog = page.getByRole('dialog', { name: t.balanceUi.pay.title });
  await dialog.getByRole('radio', { name: new RegExp(t.payments.methods[params.method]) }).check();
  if (params.method === 'crypto') {
    await dialog.getByRole('radio', { name: /LTC/ }).check();
    await expect(dialog.getByLabel(t.balanceUi.pay.network)).toHaveValue('ltc');
  }
  await dialog
    .getByRole('button', { name: fill(t.balanceUi.pay.submit, { amount: `$${params.dollars}.00` }) })
    .click();
  await expect(page.getByText(/^Demo (PayPal|crypto) service/)).toBeVisible();
}

test('tops up with PayPal and with crypto; each credit arrives without a reload', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await openSignedIn(page, user, '/en/balance');
  await expect(balanceNow(page)).toBeVisible();
  const before = await creditsShown(page);

  await checkOut(page, { dollars: '12', method: 'paypal' });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/balance\?payment=\d+/);
  const paypalId = new URL(page.url()).searchParams.get('payment') ?? '';
  await expect(page.getByTestId('payment-return')).toContainText(
    fill(t.balanceUi.return.paid, { id: paypalId, amount: '$12.00' }),
    { timeout: 20_000 },
  );
  await expect.poll(() => creditsShown(page)).toBe(before + 12_000);

  await page.goto('/en/balance');
  await checkOut(page, { dollars: '20', method: 'crypto' });
  await page.getByRole('button', { name: 'Pay in full' }).click();
  await expect(page).toHaveURL(/\/en\/balance\?payment=\d+$/);
  const cryptoId = new URL(page.url()).searchParams.get('payment') ?? '';
  await expect(page.getByTestId('payment-return')).toContainText(
    fill(t.balanceUi.return.paid, { id: cryptoId, amount: '$20.00' }),
    { timeout: 20_000 },
  );
  await expect.poll(() => creditsShown(page)).toBe(before + 32_000);
});
