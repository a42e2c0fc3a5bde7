import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi, userAttributes } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

// A placeholder page (balance), whose frame is the whole page: no page endpoints to answer.
describe('language switcher', () => {
  it("offers to save the URL's language when it is not the account's, and saves it with PUT user", {
    timeout: 15_000,
  }, async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ locale: 'ua' }),
      'PUT user': (call) =>
        json(200, { data: { id: 1, type: 'users', attributes: userAttributes(call.body as object) } }),
    });
    const app = renderApp('/ru/balance');
    const button = await screen.findByRole('button', { name: 'RU, Язык: Русский (в аккаунте: Українська)' });
    expect(button.querySelector('[data-offer]')).not.toBeNull();

    const user = userEvent.setup();
    await user.click(button);
    const menu = await screen.findByRole('menu');
    const save = within(menu).getByRole('menuitem', { name: /Сохранить язык «Русский» в аккаунте/ });
    expect(save.textContent).toContain('Язык вашего аккаунта: Українська.');
    await user.click(save);

    await waitFor(() => expect(server.find('PUT user')).toHaveLength(1));
    expect(server.find('PUT user')[0].body).toEqual({ locale: 'ru' });
    expect(await screen.findByRole('button', { name: 'RU, Язык: Русский' })).toBeTruthy();
    expect(document.querySelector('[data-offer]')).toBeNull();
    expect(await screen.findByText('Язык аккаунта изменён: Русский')).toBeTruthy();
    expect(app.location()).toBe('/ru/balance');
  });

  it('makes no offer when the languages agree; picking one switches the URL and saves it', {
    timeout: 15_000,
  }, async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply({ locale: 'en' }),
      'PUT user': (call) =>
        json(200, { data: { id: 1, type: 'users', attributes: userAttributes(call.body as object) } }),
    });
    const app = renderApp('/en/balance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'EN, Language: English' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem')).toBeNull();
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Українська' }));

    await waitFor(() => expect(app.location()).toBe('/ua/balance'));
    await waitFor(() => expect(server.find('PUT user')).toHaveLength(1));
    expect(server.find('PUT user')[0].body).toEqual({ locale: 'ua' });
    expect(await screen.findByRole('button', { name: 'UA, Мова: Українська' })).toBeTruthy();
  });

  it('opens from the keyboard before its menu is loaded, and a guest switch saves nothing', async () => {
    const server = mockApi({});
    const app = renderApp('/en/login');
    const button = await screen.findByRole('button', { name: 'EN, Language: English' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    button.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Русский' }));
    await waitFor(() => expect(app.location()).toBe('/ru/login'));
    expect(server.find('PUT user')).toHaveLength(0);
  });
});
