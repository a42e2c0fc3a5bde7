import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

// The pages are lazy chunks, as in the app: transformed once up front, so the typing below has the time.
await import('./LoginPage.tsx');
await import('./RegisterSuccessPage.tsx');

const TEXTS = {
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Log in',
    notConfirmed: 'Please confirm your email address first: we sent you a link when you registered.',
    resend: 'Send the confirmation link again',
    sent: 'A new confirmation link is on its way to ann@example.com.',
  },
  ru: {
    email: 'Эл. почта',
    password: 'Пароль',
    submit: 'Войти',
    notConfirmed: 'Сначала подтвердите адрес электронной почты: мы отправили ссылку при регистрации.',
    resend: 'Отправить ссылку подтверждения ещё раз',
    sent: 'Новая ссылка подтверждения отправлена на ann@example.com.',
  },
  ua: {
    email: 'Ел. пошта',
    password: 'Пароль',
    submit: 'Увійти',
    notConfirmed: 'Спочатку підтвердіть адресу електронної пошти: ми надіслали посилання під час реєстрації.',
    resend: 'Надіслати посилання підтвердження ще раз',
    sent: 'Нове посилання підтвердження надіслано на ann@example.com.',
  },
};

describe('resend the confirmation mail', { timeout: 15_000 }, () => {
  it.each(['en', 'ru', 'ua'] as const)(
    'offers it on the login page when the address is not confirmed (%s)',
    async (locale) => {
      const text = TEXTS[locale];
      const server = mockApi({
        'POST auth/login': json(403, { message: text.notConfirmed }),
        'POST auth/email/resend': json(200, true),
      });
      renderApp(`/${locale}/login`);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(text.email), 'ann@example.com');
      await user.type(screen.getByLabelText(text.password, { exact: true }), 'secret-pass');
      await user.click(screen.getByRole('button', { name: text.submit }));

      await user.click(await screen.findByRole('button', { name: text.resend }));
      expect(await screen.findByText(text.sent)).toBeTruthy();
      expect(server.find('POST auth/email/resend').map((c) => c.body)).toEqual([
        { email: 'ann@example.com' },
      ]);
    },
  );

  it.each(['en', 'ru', 'ua'] as const)(
    'offers it where registration says the mail was sent (%s)',
    async (locale) => {
      const text = TEXTS[locale];
      const server = mockApi({ 'POST auth/email/resend': json(200, true) });
      renderApp(`/${locale}/login/register-success?email=ann%40example.com`);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: text.resend }));
      expect(await screen.findByText(text.sent)).toBeTruthy();
      expect(server.find('POST auth/email/resend')).toHaveLength(1);
    },
  );

  it('says when the server refuses more mails', async () => {
    mockApi({
      'POST auth/email/resend': json(429, {
        message: 'Too many attempts. Please try again in a few minutes.',
      }),
    });
    renderApp('/en/login/register-success?email=ann%40example.com');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: TEXTS.en.resend }));
    expect(await screen.findByText('Too many attempts. Please try again in a few minutes.')).toBeTruthy();
  });
});
