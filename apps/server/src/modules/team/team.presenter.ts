import type { TAccount, TInvitation, TMember } from '@linkwatch/shared';
import { iso, resource } from '../../http/present.ts';
import type { InvitationRow } from './team.queries.ts';
import type { AccountEntry, TeamMember } from './team.service.ts';

export function presentMember(m: TeamMember): TMember {
  return resource('members', m.userId, {
    userId: m.userId,
    name: m.name,
    email: m.email,
    roleId: m.roleId,
    permissions: m.permissions,
    isOwner: m.isOwner,
    createdAt: iso(m.createdAt),
  });
}

export function presentInvitation(i: InvitationRow): TInvitation {
  return resource('invitations', i.id, {
    email: i.email,
    roleId: i.roleId,
    permissions: i.permissions,
    expiresAt: iso(i.expiresAt),
    createdAt: iso(i.createdAt),
  });
}

export function presentAccount(a: AccountEntry): TAccount {
  return resource('accounts', a.accountId, {
    name: a.name,
    email: a.email,
    roleId: a.roleId,
    permissions: a.permissions,
    isOwner: a.isOwner,
    isCurrent: a.isCurrent,
  });
}
