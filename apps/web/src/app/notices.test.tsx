import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { notify } from '@/lib/notices.ts';
import { Providers } from './providers.tsx';

// The notices' chunk, transformed once before the tests (a busy machine takes seconds the first time).
await import('@/ui/Toaster.tsx');

/**
 * The notices come in a chunk of their own with the first one: renders the app's providers and waits,
 * with real timers, until that chunk is in and nothing is on screen.
 */
async function renderWithNoticesLoaded() {
  render(<Providers>{null}</Providers>);
  expect(document.querySelector('[data-kind]')).toBeNull();
  act(() => {
    notify.info('Loading the notices');
  });
  await screen.findAllByText('Loading the notices');
  act(() => notify.dismissAll());
}

describe('notices', { timeout: 15_000 }, () => {
  it.each([
    ['en', 'Hide all'],
    ['ru', 'Скрыть все'],
    ['ua', 'Приховати всі'],
  ])(
    'shows notices by kind and offers hide all only when more than one is on screen (%s)',
    async (locale, hideAll) => {
      await i18n.changeLanguage(locale);
      try {
        render(<Providers>{null}</Providers>);
        act(() => {
          notify.success('Saved');
        });
        expect((await screen.findAllByText('Saved')).length).toBeGreaterThan(0);
        expect(document.querySelector('[data-kind="success"]')).not.toBeNull();
        expect(screen.queryByRole('button', { name: hideAll })).toBeNull();

        act(() => {
          notify.error('Payment failed');
        });
        expect(document.querySelector('[data-kind="error"]')).not.toBeNull();
        await userEvent.setup().click(await screen.findByRole('button', { name: hideAll }));
        expect(document.querySelector('[data-kind]')).toBeNull();
        expect(screen.queryByRole('button', { name: hideAll })).toBeNull();
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  describe('timing', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each(['success', 'info', 'warning', 'error'] as const)(
      "lets a %s notice go by itself after the spec's 30 seconds, not before",
      async (kind) => {
        await renderWithNoticesLoaded();
        vi.useFakeTimers();
        act(() => {
          notify[kind]('The report could not be sent');
        });
        act(() => vi.advanceTimersByTime(29_000));
        expect(document.querySelectorAll(`[data-kind="${kind}"]`)).toHaveLength(1);
        act(() => vi.advanceTimersByTime(1_500));
        expect(document.querySelector('[data-kind]')).toBeNull();
      },
    );

    it('shows an error with its message as the title, its hint under it and a close button', async () => {
      await renderWithNoticesLoaded();
      act(() => {
        notify.error('The report could not be sent', 'Please wait while current task will be finished');
      });
      const toast = await waitFor(() => {
        const found = document.querySelector('[data-kind="error"]');
        if (!found) throw new Error('no error notice yet');
        return found;
      });
      expect(toast.textContent).toContain('Error: The report could not be sent');
      expect(toast.textContent).toContain('Please wait while current task will be finished');
      act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
      expect(document.querySelector('[data-kind]')).toBeNull();
    });
  });
});
