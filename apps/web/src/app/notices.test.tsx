import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notices.ts';
import { Providers } from './providers.tsx';

describe('notices', () => {
  it('shows notices by kind and offers hide all only when more than one is on screen', async () => {
    render(<Providers>{null}</Providers>);
    act(() => {
      notify.success('Saved');
    });
    expect(screen.getAllByText('Saved').length).toBeGreaterThan(0);
    expect(document.querySelector('[data-kind="success"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide all' })).toBeNull();

    act(() => {
      notify.error('Payment failed');
    });
    expect(document.querySelector('[data-kind="error"]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide all' }));
    expect(document.querySelector('[data-kind]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide all' })).toBeNull();
  });

  describe('timing', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('lets success and info notices go by themselves after a few seconds', () => {
      vi.useFakeTimers();
      render(<Providers>{null}</Providers>);
      act(() => {
        notify.success('Project created');
        notify.info('Session expired');
      });
      expect(document.querySelectorAll('[data-kind]')).toHaveLength(2);
      act(() => vi.advanceTimersByTime(5_000));
      expect(document.querySelectorAll('[data-kind]')).toHaveLength(2);
      act(() => vi.advanceTimersByTime(1_500));
      expect(document.querySelector('[data-kind]')).toBeNull();
    });

    it('keeps an error until it is closed, with its message as the title and a close button', () => {
      vi.useFakeTimers();
      render(<Providers>{null}</Providers>);
      act(() => {
        notify.error('The report could not be sent');
      });
      // Radix reads a new notice out through a live region of its own, assertively for an error.
      act(() => vi.advanceTimersByTime(100));
      const live = screen
        .getAllByRole('status')
        .find((node) => node.getAttribute('aria-live') === 'assertive');
      expect(live?.textContent).toContain('The report could not be sent');
      act(() => vi.advanceTimersByTime(10 * 60_000));
      const toast = document.querySelector('[data-kind="error"]');
      expect(toast?.textContent).toContain('Error: The report could not be sent');
      act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
      expect(document.querySelector('[data-kind]')).toBeNull();
    });
  });
});
