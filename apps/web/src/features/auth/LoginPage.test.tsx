import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

await import('./LoginPage.tsx');

const settings = json(200, {
  data: { id: 1, type: 'settings', attributes: { captchaSiteKey: 'site-key', warning: null } },
});

// Issue 24, point 6: past a login limit the server takes a solved captcha; the page offers it then.
describe('login past a limit', { timeout: 15_000 }, () => {
  it('shows the captcha box after a 429 and sends its answer with the next try', async () => {
    const server = mockApi({
      'GET settings': settings,
      'POST auth/login': json(429, {
        message: 'Too many attempts. Tick the captcha below and try again, or wait a few minutes.',
      }),
    });
    const { container } = renderApp('/en/login');
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'secret123');
    expect(container.querySelector('input[name="captcha"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(/Tick the captcha below/)).toBeTruthy();
    await waitFor(() => expect(container.querySelector('input[name="captcha"]')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(server.find('POST auth/login')).toHaveLength(2));
    expect(server.find('POST auth/login')[1].body).toHaveProperty('captcha');
  });
});
