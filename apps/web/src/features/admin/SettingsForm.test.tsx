import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const settings = (
  captchaSiteKey: string | null,
  warning: string | null = null,
  referralDomain: string | null = null,
) =>
  json(200, {
    data: {
      id: 1,
      type: 'settings',
      attributes: {
        stripePublic: null,
        linkserviceUrl: null,
        partnerLandingUrl: null,
        backlinksUrl: null,
        warning,
        referralDomain,
        enableCrypto: false,
        enablePayPal: false,
        paymentService: null,
        captchaSiteKey,
        tagManagerId: null,
      },
    },
  });

// jsdom has no ResizeObserver; Radix's switch in a form measures itself with it.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.unstubAllGlobals());

describe('the console’s site settings', { timeout: 30_000 }, () => {
  it('switches the captcha off (issue 28): only the switch that moved is sent', async () => {
    resetTokenForTests('tok');
    const api = mockApi({
      'GET user/me': meReply({ isAdmin: true }),
      'GET settings': settings('site-key'),
      'PUT admin/settings': json(200, true),
    });
    renderApp('/en/admin/settings');

    const captcha = await screen.findByRole('switch', { name: /Ask for a captcha/ }, { timeout: 15_000 });
    expect(captcha.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(captcha);
    expect(captcha.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT admin/settings')).toHaveLength(1));
    const body = api.find('PUT admin/settings')[0].body as Record<string, unknown>;
    expect(body.captchaEnabled).toBe(false);
    expect(body).not.toHaveProperty('enablePayPal');
  });

  it('shows the current settings and saves a new service warning, which the app’s banner then shows', async () => {
    resetTokenForTests('tok');
    let warning: string | null = null;
    const api = mockApi({
      'GET user/me': meReply({ isAdmin: true }),
      'GET settings': () => settings(null, warning, 'ref.example.com'),
      'PUT admin/settings': (call) => {
        warning = (call.body as { warning?: string }).warning ?? warning;
        return json(200, true);
      },
    });
    renderApp('/en/admin/settings');

    const domain = (await screen.findByLabelText(
      'Referral domain',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    await waitFor(() => expect(domain.value).toBe('ref.example.com'));
    fireEvent.change(screen.getByLabelText(/Service warning/), {
      target: { value: 'Maintenance at 22:00 UTC' },
    });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'planned work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT admin/settings')).toHaveLength(1));
    expect(api.find('PUT admin/settings')[0].body).toMatchObject({
      warning: 'Maintenance at 22:00 UTC',
      reason: 'planned work',
    });
    expect(await screen.findByText('The settings are saved', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      (await screen.findAllByText('Maintenance at 22:00 UTC', {}, { timeout: 10_000 })).length,
    ).toBeGreaterThan(0);
  });
});
