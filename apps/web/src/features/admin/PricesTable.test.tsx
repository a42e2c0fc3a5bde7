import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';
import { consoleServer } from './test/consoleApi.ts';

afterEach(() => vi.restoreAllMocks());

const prices = (price: number) =>
  json(200, {
    data: [
      {
        id: 2,
        type: 'adminPrices',
        attributes: {
          action: 2,
          price,
          defaultPrice: 1,
          individual: [{ userId: 5, email: 'shop@example.com', price: 3 }],
        },
      },
    ],
  });

describe('the console’s prices', { timeout: 90_000 }, () => {
  it('shows each action’s common and individual prices, and saves a new common price', async () => {
    let price = 1;
    const api = consoleServer({
      'GET admin/prices': () => prices(price),
      'GET payments/levels': json(200, { data: [] }),
      'PUT admin/prices/2': (call) => {
        price = (call.body as { price: number }).price;
        return json(200, true);
      },
    });
    renderApp('/en/admin/prices');

    const table = await screen.findByRole('table', { name: 'Prices' }, { timeout: 45_000 });
    const row = (await within(table).findByText('Check backlinks', {}, { timeout: 10_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('link', { name: 'shop@example.com' }).getAttribute('href')).toBe(
      '/en/admin/users/5',
    );
    const input = within(row).getByLabelText('Common price: Check backlinks');
    expect((input as HTMLInputElement).value).toBe('1');
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT admin/prices/2')).toHaveLength(1));
    expect(api.find('PUT admin/prices/2')[0].body).toEqual({ price: 4 });
    expect(
      await screen.findByText('The price of “Check backlinks” is now 4', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('keeps a price typed right after a save when the table is read again', async () => {
    let price = 1;
    let release = () => {};
    let held = false;
    let readAfterSave = false;
    consoleServer({
      'GET admin/prices': async () => {
        // The read that follows the save waits until the next price is being typed.
        if (held) {
          await new Promise<void>((resolve) => (release = resolve));
          readAfterSave = true;
        }
        return prices(price);
      },
      'GET payments/levels': json(200, { data: [] }),
      'PUT admin/prices/2': (call) => {
        price = (call.body as { price: number }).price;
        held = true;
        return json(200, true);
      },
    });
    renderApp('/en/admin/prices');

    await screen.findByLabelText('Common price: Check backlinks', {}, { timeout: 45_000 });
    // Found anew each time: a table drawn anew replaces the box.
    const input = () => screen.getByLabelText('Common price: Check backlinks') as HTMLInputElement;
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(input(), { target: { value: '4' } });
    fireEvent.click(save());
    await screen.findByText('The price of “Check backlinks” is now 4', {}, { timeout: 10_000 });
    expect(save().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '6' } });
    held = false;
    release();
    await waitFor(() => expect(readAfterSave).toBe(true));
    // The read brought 4 back (drawn a moment later); the box keeps what the operator typed since.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(input().value).toBe('6');
    expect(save().disabled).toBe(false);
  });
});
