import { PERMISSION_PRESETS } from '@linkwatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { accountPermissionsReply, listReply, OWNER_ACCOUNT } from '@/test/accounts.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

/**
 * Issue 27, Profile → Users: the permission picker reads `GET permissions`; a member's access is
 * changed, a member removed and an invitation revoked through the calls of the contract.
 */

afterEach(() => vi.restoreAllMocks());

const member = (id: number, name: string, email: string, permissions: string[], isOwner = false) => ({
  id,
  attributes: {
    userId: id,
    name,
    email,
    roleId: 1,
    permissions,
    isOwner,
    createdAt: '2026-01-01T00:00:00Z',
  },
});

const TEAM = [
  member(1, 'Ada Lovelace', 'ada@example.com', [], true),
  member(5, 'Cleo Client', 'cleo@client.example', ['projects.read', 'reports.read']),
];

/** The served titles differ from the web's own words: what the picker shows must come from the call. */
function servedPermissions() {
  const reply = accountPermissionsReply();
  const body = reply.body as { data: { attributes: { key: string; title: string } }[] };
  for (const p of body.data) p.attributes.title = `${p.attributes.title} (served)`;
  return reply;
}

function teamServer(extra: Parameters<typeof mockApi>[0] = {}) {
  resetTokenForTests('tok');
  return mockApi({
    'GET user/me': meReply(),
    'GET user/accounts': OWNER_ACCOUNT,
    'GET team/members': listReply('members', TEAM),
    'GET team/invitations': listReply('invitations', []),
    'GET permissions': servedPermissions(),
    ...extra,
  });
}

async function usersSection() {
  renderApp('/en/profile');
  return screen.findByRole('region', { name: 'Users' }, { timeout: 15_000 });
}

describe('Profile → Users (issue 27)', { timeout: 30_000 }, () => {
  it('the permission picker lists GET permissions of the account scope, grouped by category', async () => {
    const server = teamServer();
    const section = await usersSection();
    const form = within(section)
      .getByRole('button', { name: 'Send invitation' })
      .closest('form') as HTMLElement;
    expect(await within(form).findByRole('checkbox', { name: 'Read reports (served)' })).toBeTruthy();
    const call = server.find('GET permissions')[0];
    expect(call.query).toEqual({ 'page[size]': '1000', 'filter[scope]': 'account' });
    const groups = [...form.querySelectorAll('fieldset[data-category]')].map(
      (f) => f.querySelector('legend')?.textContent,
    );
    expect(groups).toEqual(['Projects', 'Links', 'Tasks', 'Reports', 'Balance', 'Schedules', 'Team']);
    // Report recipients are in the reports category, beside reading them.
    const reports = within(form).getByRole('group', { name: 'Reports' });
    expect(
      within(reports)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).value),
    ).toEqual(['reports.read', 'recipients.manage']);
    // A payroll role is offered the balance keys only.
    await userEvent.setup().selectOptions(within(form).getByLabelText('Role'), '2');
    await waitFor(() => expect(within(form).queryByRole('group', { name: 'Projects' })).toBeNull());
    expect(
      within(within(form).getByRole('group', { name: 'Balance' }))
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).value),
    ).toEqual(['balance.topUp', 'balance.read']);
  });

  it('says when the permissions cannot be read, and reads them again on request', async () => {
    let fail = true;
    teamServer({
      'GET permissions': () => (fail ? json(500, { message: 'Server error' }) : servedPermissions()),
    });
    const section = await usersSection();
    const form = within(section)
      .getByRole('button', { name: 'Send invitation' })
      .closest('form') as HTMLElement;
    expect(
      await within(form).findByText('The permissions could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Try again' }));
    expect(await within(form).findByRole('checkbox', { name: 'Read reports (served)' })).toBeTruthy();
  });

  it("changes a member's access with a preset and reads the team again", async () => {
    const server = teamServer({
      'PUT team/members/5': (call) =>
        json(200, { data: { ...member(5, 'Cleo Client', 'x', []), ...(call.body as object) } }),
    });
    const section = await usersSection();
    const user = userEvent.setup();
    await user.click(
      await within(section).findByRole('button', { name: 'Change the access of Cleo Client' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the access of Cleo Client' });
    // The current access is ticked.
    expect(
      ((await within(dialog).findByRole('checkbox', { name: 'Read reports (served)' })) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const readsBefore = server.find('GET team/members').length;
    await user.selectOptions(within(dialog).getByLabelText('Preset'), 'linkBuilder');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.find('PUT team/members/5')).toHaveLength(1));
    expect(server.find('PUT team/members/5')[0].body).toEqual({
      roleId: 1,
      permissions: PERMISSION_PRESETS.linkBuilder.permissions,
    });
    expect(await screen.findByText('Access saved.')).toBeTruthy();
    await waitFor(() => expect(server.find('GET team/members').length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal of a change and keeps the dialog open', async () => {
    teamServer({
      'PUT team/members/5': json(422, {
        message: 'You cannot grant a permission you do not hold.',
        errors: { permissions: ['You cannot grant a permission you do not hold.'] },
      }),
    });
    const section = await usersSection();
    const user = userEvent.setup();
    await user.click(
      await within(section).findByRole('button', { name: 'Change the access of Cleo Client' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: 'Read reports (served)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/You cannot grant a permission you do not hold\./)).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('removes a member only after confirmation', async () => {
    const server = teamServer({ 'DELETE team/members/5': json(200, true) });
    const section = await usersSection();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Remove Cleo Client' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Cleo Client loses access to this account at once');
    expect(server.find('DELETE team/members/5')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.find('DELETE team/members/5')).toHaveLength(1));
    expect(await screen.findByText('User removed.')).toBeTruthy();
  });

  it('the owner and the user themself have no change or remove buttons', async () => {
    teamServer();
    const section = await usersSection();
    await within(section).findByText('Cleo Client');
    expect(within(section).queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Change the access of Ada Lovelace' })).toBeNull();
  });

  it('revokes a pending invitation', async () => {
    const server = teamServer({
      'GET team/invitations': listReply('invitations', [
        {
          id: 3,
          attributes: {
            email: 'lena@agency.example',
            roleId: 2,
            permissions: ['balance.read'],
            expiresAt: '2026-12-01T10:00:00Z',
            createdAt: '2026-11-28T10:00:00Z',
          },
        },
      ]),
      'DELETE team/invitations/3': json(200, true),
    });
    const section = await usersSection();
    const revoke = await within(section).findByRole('button', {
      name: 'Revoke the invitation to lena@agency.example',
    });
    expect(within(section).getByText(/Accountant · expires/)).toBeTruthy();
    const readsBefore = server.find('GET team/invitations').length;
    await userEvent.setup().click(revoke);
    await waitFor(() => expect(server.find('DELETE team/invitations/3')).toHaveLength(1));
    expect(await screen.findByText('Invitation revoked.')).toBeTruthy();
    await waitFor(() => expect(server.find('GET team/invitations').length).toBeGreaterThan(readsBefore));
  });
});
