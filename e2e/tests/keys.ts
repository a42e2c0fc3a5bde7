import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from './support.ts';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails when it is
 * not reached within `max` presses, which means it is out of the tab order.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 })) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

/** Replaces the text of the focused field: select all, then type. */
export async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Presses `key` on the focused select until it shows `value` (a closed native select steps with the arrows). */
export async function arrowTo(select: Locator, value: string, key = 'ArrowDown', max = 12): Promise<void> {
  await expect(select).toBeFocused();
  for (let i = 0; i < max && (await select.inputValue()) !== value; i += 1) await select.press(key);
  await expect(select).toHaveValue(value);
}

/** Logs in on the login page (already open) with the keyboard: Tab to each field, type, Enter. */
export async function keyLogIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await tabTo(page, page.locator('input[name="email"]'));
  await page.keyboard.type(user.email);
  await tabTo(page, page.locator('input[name="password"]'));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
}

/**
 * Closes an open dialog with Escape, as a keyboard user does once it has taken the focus. Radix starts
 * listening for Escape in an effect after the dialog is drawn and moves the focus in right after that: a
 * key pressed between the two went to nothing on a busy machine (a CI run and a local run under load).
 */
export async function escapeFrom(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
