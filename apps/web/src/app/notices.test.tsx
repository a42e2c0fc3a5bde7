import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
