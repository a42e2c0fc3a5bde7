import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetTokenForTests } from '@/api/token.ts';
import { accountPermissionsReply } from '@/test/accounts.ts';
import { json, meReply, mockApi } from '@/test/api.ts';
import { renderApp } from '@/test/renderApp.tsx';

const list = (type: string, rows: { id: number; attributes: Record<string, unknown> }[]) =>
  json(200, {
    data: rows.map((r) => ({ ...r, type })),
    meta: { page: { currentPage: 1, perPage: 200, total: rows.length, lastPage: 1 } },
  });

const owner = {
  id: 1,
  attributes: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    roleId: 1,
    permissions: [],
    isOwner: true,
    isCurrent: true,
  },
};
const agency = {
  id: 7,
  attributes: {
    name: 'Agency',
    email: 'boss@agency.example',
    roleId: 1,
    permissions: ['projects.read'],
    isOwner: false,
    isCurrent: false,
  },
};

describe('teams on the web (issue 27)', { timeout: 30_000 }, () => {
  it('lists the team on the profile and sends an invitation with the chosen preset', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/accounts': list('accounts', [owner]),
      'GET team/members': list('members', [
        {
          id: 1,
          attributes: {
            userId: 1,
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            roleId: 1,
            permissions: [],
            isOwner: true,
            createdAt: '2026-01-01T00:00:00Z',
          },
        },
        {
          id: 5,
          attributes: {
            userId: 5,
            name: 'Cleo Client',
            email: 'cleo@client.example',
            roleId: 1,
            permissions: ['projects.read', 'reports.read'],
            isOwner: false,
            createdAt: '2026-01-02T00:00:00Z',
          },
        },
      ]),
      'GET team/invitations': list('invitations', []),
      'GET permissions': accountPermissionsReply(),
      'POST team/invitations': json(201, { data: { id: 3, type: 'invitations', attributes: {} } }),
    });
    renderApp('/en/profile');
    const section = await screen.findByRole('region', { name: 'Users' }, { timeout: 15_000 });
    expect(await within(section).findByText('Cleo Client')).toBeTruthy();
    expect(within(section).getByText('View projects and links · Read reports')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByLabelText('Preset'), 'accountant');
    await user.type(within(section).getByLabelText('E-mail'), 'acc@agency.example');
    await user.click(within(section).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(server.find('POST team/invitations')).toHaveLength(1));
    expect(server.find('POST team/invitations')[0].body).toEqual({
      email: 'acc@agency.example',
      roleId: 2,
      permissions: ['balance.read', 'balance.topUp'],
    });
  });

  it('hides the Users section from a member without team.manage', async () => {
    resetTokenForTests('tok');
    const server = mockApi({
      'GET user/me': meReply(),
      'GET user/accounts': list('accounts', [
        { ...owner, attributes: { ...owner.attributes, isCurrent: false } },
        { ...agency, attributes: { ...agency.attributes, isCurrent: true } },
      ]),
    });
    renderApp('/en/profile');
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    await waitFor(() => expect(server.find('GET user/accounts')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Users' })).toBeNull();
    expect(server.find('GET team/members')).toEqual([]);
  });
});
