import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { balanceNow, checkOutByCard, creditsShown } from './balanceHelpers.ts';
import { fill, texts } from './i18n.ts';
import { createConfirmedUser, newUser, openSignedIn } from './support.ts';

// issue 12: buying credits by card in a real browser. The e2e server runs the offline demo (DEMO=1), whose
// card service is the Stripe stand-in on loopback: its hosted page has Pay and Decline, and its signed
// webhook reaches POST payments/webhooks/stripe a moment (1.5 s) after the browser is sent back.
const t = texts('en');
/** spec 8, word for word. */
const DECLINED =
  'Operation rejected. Please contact your bank. The phone number is indicated on the back of the card.';

test('tops up by card, sees the balance rise without a reload, downloads the invoice', async ({
  page,
  request,
}) => {
  const user = newUser('en');
  await createConfirmedUser(request, user);
  await openSignedIn(page, user, '/en/balance');
  await expect(page).toHaveURL(/\/en\/balance$/);
  await expect(balanceNow(page)).toBeVisible();
  const before = await creditsShown(page);

  // $100 is in the 5% tier: 100,000 credits and 5,000 bonus credits.
  await page.getByLabel(t.balanceUi.topUp.amount).fill('100');
  await expect(page.getByTestId('topup-preview')).toHaveText(
    `${fill(t.balanceUi.topUp.youGet_other, { credits: '100,000' })} ${fill(t.balanceUi.topUp.bonus_other, { credits: '5,000', percent: '5' })}`,
  );
  await checkOutByCard(page, t, '100');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the balance page: the payment waits for the webhook, which then credits it live.
  await expect(page).toHaveURL(/\/en\/balance\?payment=\d+$/);
  const paymentId = new URL(page.url()).searchParams.get('payment') ?? '';
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const result = page.getByTestId('payment-return');
  await expect(result).toHaveText(
    `${fill(t.balanceUi.return.paid, { id: paymentId, amount: '$100.00' })} ${fill(t.balanceUi.return.bonus_other, { credits: '5,000' })}`,
    { timeout: 20_000 },
  );
  await expect.poll(() => creditsShown(page)).toBe(before + 105_000);
  // The header's balance moved too, and the page was never reloaded.
  await expect(page.getByRole('banner')).toContainText(
    `${(before + 105_000).toLocaleString('en-US')} credits`,
  );
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The history lists the top-up and its bonus; the top-up offers the invoice.
  const topUp = page.locator(`tr[data-type="1"]`).filter({ hasText: `#${paymentId}` });
  await expect(topUp).toContainText('+100,000');
  await expect(topUp).toContainText('$100.000');
  await expect(page.locator(`tr[data-type="5"]`).filter({ hasText: `#${paymentId}` })).toContainText(
    '+5,000',
  );
  const downloading = page.waitForEvent('download');
  await topUp.getByRole('button', { name: fill(t.balanceUi.history.invoiceFor, { id: paymentId }) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`payment_invoice_${paymentId}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The history's type filter keeps only the bonus rows.
  await page.getByLabel(t.balanceUi.history.filters.type).selectOption({ label: t.balance.types['5'] });
  await expect(page).toHaveURL(/type=5/);
  await expect(page.locator('tr[data-type]')).not.toHaveCount(0);
  await expect(page.locator('tr[data-type]:not([data-type="5"])')).toHaveCount(0);

  // By keyboard: Enter in the amount opens the popup, the arrows move along the main list (the demo has
  // every method on), Escape closes it and the focus goes back to the amount.
  await page.goto('/en/balance');
  const amount = page.getByLabel(t.balanceUi.topUp.amount);
  await amount.fill('25');
  await amount.press('Enter');
  const popup = page.getByRole('dialog', { name: t.balanceUi.pay.title });
  const card = popup.getByRole('radio', { name: new RegExp(t.payments.methods.card) });
  await card.focus();
  // Held as a person holds it: Radix moves the focus a tick after the keydown and checks the radio only if
  // the arrow is still down by then (press() would already have let go).
  await page.keyboard.down('ArrowDown');
  await expect(popup.getByRole('radio', { name: new RegExp(t.payments.methods.paypal) })).toBeChecked();
  await page.keyboard.up('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(amount).toBeFocused();

  // A declined card comes back with spec 8's message and changes nothing.
  await checkOutByCard(page, t, '25');
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/balance\?payment=\d+&cancelled=1&reason=card_declined$/);
  await expect(page.getByTestId('payment-return')).toHaveText(DECLINED);
  await expect.poll(() => creditsShown(page)).toBe(before + 105_000);
});
