import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, json, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

// The page is a lazy chunk, as in the app: transformed once up front, so the typing below has the time.
await import('./RegisterPage.tsx');

function errorUnder(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const id = (input.getAttribute('aria-describedby') ?? '').split(' ').find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: true });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

describe('register form field errors', { timeout: 15_000 }, () => {
  it('validates before sending, with the shared messages under the matching inputs', async () => {
    const server = mockApi({});
    renderApp('/en/register');
    await screen.findByRole('heading', { name: 'Create your account' });

    const user = await fill({ Name: 'Ada', Email: 'ada@', Password: 'short', 'Confirm password': 'other' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(errorUnder(screen.getByLabelText('Password', { exact: true }))).toBe(
      'The password field must be at least 8 characters',
    );
    expect(errorUnder(screen.getByLabelText('Email'))).toBe('The email field must be a valid email');
    expect(errorUnder(screen.getByLabelText('Confirm password'))).toBe(
      'The password confirmation does not match the password',
    );
    expect(errorUnder(screen.getByLabelText('Name'))).toBeNull();
    expect(server.find('POST auth/register')).toHaveLength(0);
  });

  // A taken address is no 422 any more (issue 24), but any field the server refuses shows the same way.
  it('shows 422 errors from the server, clears them before the next request, and sends locale and referral', async () => {
    let answer = json(422, {
      message: 'The given data was invalid.',
      errors: { email: ['The email field must be a valid email address.'], captcha: ['Captcha is wrong!'] },
    });
    let seenBeforeSecondReply: string | null = 'unset';
    const server = mockApi({
      'POST auth/register': (_call: Call) => {
        if (server.find('POST auth/register').length === 2) {
          seenBeforeSecondReply = errorUnder(screen.getByLabelText('Эл. почта'));
        }
        return answer;
      },
    });
    const app = renderApp('/ru/register?ref=PARTNER42');
    await screen.findByRole('heading', { name: 'Создайте аккаунт' });

    const user = await fill({
      Имя: 'Ада',
      'Эл. почта': 'ada@example.com',
      Пароль: 'secret123',
      'Подтверждение пароля': 'secret123',
    });
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));

    const email = screen.getByLabelText('Эл. почта');
    await waitFor(() => expect(errorUnder(email)).toBe('The email field must be a valid email address.'));
    // A field without an input (captcha) becomes the form message.
    expect(within(screen.getByRole('alert')).getByText('Captcha is wrong!')).toBeTruthy();
    expect(server.find('POST auth/register')[0].body).toMatchObject({
      name: 'Ада',
      email: 'ada@example.com',
      referral: 'PARTNER42',
      locale: 'ru',
    });
    expect(server.find('POST auth/register')[0].headers['x-localization']).toBe('ru');

    answer = json(200, true);
    await user.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    await waitFor(() => expect(app.location()).toBe('/ru/login/register-success?email=ada%40example.com'));
    expect(seenBeforeSecondReply).toBeNull();
    expect(await screen.findByText(/ada@example.com/)).toBeTruthy();
  });

  it('clears field errors on a route change', async () => {
    mockApi({});
    const app = renderApp('/en/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    const user = await fill({ Name: '', Email: '', Password: '', 'Confirm password': '' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorUnder(screen.getByLabelText('Name'))).toBe('The name field is required');

    await app.navigate('/en/register?again=1');
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Name'))).toBeNull());
  });
});
