import { expect, type Page, test } from '@playwright/test';
import { BCP47 } from '../../packages/shared/src/constants.ts';
import { fill, type texts } from './i18n.ts';
import type { Locale } from './support.ts';

type Texts = ReturnType<typeof texts>;

/** Dollars as the app writes them in `locale` ("$25.00", "25,00 $"), with plain spaces as the accessible name has. */
export function usd(locale: Locale, dollars: string): string {
  const text = new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency: 'USD' }).format(
    Number(dollars),
  );
  return text.replace(/\s/g, ' ');
}

/** The balance page's "now" card. */
export const balanceNow = (page: Page) => page.getByTestId('balance-now');

/** The credits the balance page shows now, as a number. */
export async function creditsShown(page: Page): Promise<number> {
  const text = (await balanceNow(page).locator('p').first().textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/**
 * Amount form → payment popup → Card → the Stripe stand-in's checkout page (another loopback origin),
 * in the page's language.
 */
export async function checkOutByCard(page: Page, t: Texts, dollars: string, locale: Locale = 'en') {
  await page.getByLabel(t.balanceUi.topUp.amount).fill(dollars);
  await page.getByRole('button', { name: t.balanceUi.topUp.submit }).click();
  const dialog = page.getByRole('dialog', { name: t.balanceUi.pay.title });
  await expect(dialog.getByRole('radio', { name: new RegExp(t.payments.methods.card) })).toBeChecked();
  await dialog
    .getByRole('button', { name: fill(t.balanceUi.pay.submit, { amount: usd(locale, dollars) }) })
    .click();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(new URL(test.info().project.use.baseURL ?? '').port);
}
