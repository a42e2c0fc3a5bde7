import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenuContent, DropdownMenuItem, FirstScreenMenu } from './DropdownMenu.tsx';

// The page's first paint never comes: the menu stays at its trigger alone, as on a slow phone's cold load.
const painted = vi.hoisted(() => ({ value: false }));
vi.mock('@/lib/useAfterFirstPaint.ts', () => ({ useAfterFirstPaint: () => painted.value }));

function renderMenu() {
  render(
    <FirstScreenMenu trigger={<button type="button">Account</button>}>
      <DropdownMenuContent>
        <DropdownMenuItem>Profile</DropdownMenuItem>
      </DropdownMenuContent>
    </FirstScreenMenu>,
  );
}

describe('FirstScreenMenu', () => {
  it('is its trigger alone before the first paint, and opens at once when that trigger is pressed', async () => {
    painted.value = false;
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBeNull();

    await userEvent.setup().click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('opens from the keyboard before the first paint', async () => {
    painted.value = false;
    renderMenu();
    screen.getByRole('button', { name: 'Account' }).focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('is a Radix menu after the first paint', async () => {
    painted.value = true;
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menuitem')).toBeNull();

    await userEvent.setup().click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });
});
