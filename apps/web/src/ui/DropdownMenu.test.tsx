import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem } from './DropdownMenu.tsx';

function renderMenu({ defaultOpen = false } = {}) {
  render(
    <DropdownMenu trigger={<button type="button">Account</button>} defaultOpen={defaultOpen}>
      <DropdownMenuContent>
        <DropdownMenuItem>Profile</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>,
  );
}

describe('DropdownMenu', () => {
  it('is its trigger alone, a closed menu button, until it is pressed; then it opens at once', async () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.setup().click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });

  it('opens from the keyboard, and gives the focus back to its trigger when closed', async () => {
    renderMenu();
    screen.getByRole('button', { name: 'Account' }).focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('button', { name: 'Account' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('is open from its first render when asked', async () => {
    renderMenu({ defaultOpen: true });
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
  });
});
