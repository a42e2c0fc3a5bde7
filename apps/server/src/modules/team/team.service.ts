import {
  ACCOUNT_PERMISSION_KEYS,
  INVITATION_TTL_HOURS,
  type Locale,
  permissionsForRole,
  type TInvitationRequest,
  type TJoinRequest,
  type TMemberUpdateRequest,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { AppError, FieldError, notFound } from '../../errors.ts';
import type { AccountContext, CurrentUser } from '../../http/auth.ts';
import { actionMail } from '../../mail/templates.ts';
import {
  createAccessToken,
  findUserByEmail,
  insertRegisteredUser,
  markEmailVerified,
} from '../auth/auth.queries.ts';
import { appLink } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { announceRevoked } from '../auth/sessions.ts';
import { hashSecret, newSecret } from '../auth/tokens.ts';
import {
  acceptInvitation,
  deleteMember,
  findMember,
  findPendingInvitation,
  insertInvitation,
  isMemberByEmail,
  listMembers,
  listPendingInvitations,
  membershipsOf,
  revokeInvitation,
  revokeSessionsInAccount,
  setSessionAccount,
  updateMember,
  upsertMember,
} from './team.queries.ts';

/** A row of the Users tab: the owner first (every permission), then the members. */
export interface TeamMember {
  userId: number;
  name: string;
  email: string;
  roleId: number;
  permissions: string[];
  isOwner: boolean;
  createdAt: Date;
}

export async function teamOf(ctx: Pick<AppContext, 'db'>, account: AccountContext): Promise<TeamMember[]> {
  const { owner } = account;
  const members = await listMembers(ctx.db, account.accountId);
  return [
    {
      userId: owner.id,
      name: owner.name,
      email: owner.email,
      roleId: owner.roleId,
      permissions: [...ACCOUNT_PERMISSION_KEYS],
      isOwner: true,
      createdAt: owner.createdAt,
    },
    ...members.map(({ member, user }) => ({
      userId: user.id,
      name: user.name,
      email: user.email,
      roleId: member.roleId,
      permissions: permissionsForRole(member.roleId, member.permissions),
      isOwner: false,
      createdAt: member.createdAt,
    })),
  ];
}

/** A member grants only what they hold themselves; the owner grants anything. */
function grantable(account: AccountContext, roleId: number, permissions: readonly string[]) {
  const granted = permissionsForRole(roleId, permissions);
  if (!account.isOwner && granted.some((p) => !account.permissions.includes(p)))
    throw new FieldError({ permissions: 'team.errors.cannotGrant' }, 'team.errors.cannotGrant');
  return granted;
}

/** Invites an address: a one-time code, mailed as a link to /{locale}/team/join/{code}. */
export async function invite(
  ctx: AppContext,
  params: { account: AccountContext; input: TInvitationRequest; locale: Locale },
) {
  const { account, input } = params;
  const permissions = grantable(account, input.roleId, input.permissions);
  const email = input.email.trim();
  if (email.toLowerCase() === account.owner.email.toLowerCase())
    throw new FieldError({ email: 'team.errors.alreadyMember' }, 'team.errors.alreadyMember');
  if (await isMemberByEmail(ctx.db, { accountId: account.accountId, email }))
    throw new FieldError({ email: 'team.errors.alreadyMember' }, 'team.errors.alreadyMember');
  const code = newSecret();
  const invitation = await insertInvitation(ctx.db, {
    accountId: account.accountId,
    invitedBy: account.actorId,
    email,
    roleId: input.roleId,
    permissions,
    codeHash: hashSecret(code),
    expiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * 3600_000),
  });
  // In the invitee's language when they have a login, else in the inviter's.
  const existing = await findUserByEmail(ctx.db, email);
  const locale = (existing?.locale as Locale | undefined) ?? params.locale;
  const url = appLink(ctx, locale, `/team/join/${code}`);
  await ctx.mailer.send(
    actionMail({
      kind: 'teamInvitation',
      locale,
      to: email,
      name: existing?.name ?? email,
      url,
      params: { account: account.owner.name || account.owner.email },
    }),
  );
  return invitation;
}

export function pendingInvitations(ctx: Pick<AppContext, 'db'>, accountId: number) {
  return listPendingInvitations(ctx.db, accountId);
}

export async function revoke(ctx: Pick<AppContext, 'db'>, params: { accountId: number; id: number }) {
  if (!(await revokeInvitation(ctx.db, params))) throw notFound();
}

const invalidInvitation = () =>
  new FieldError({ code: 'team.errors.invitationInvalid' }, 'team.errors.invitationInvalid');

/**
 * Accepts an invitation: as the signed-in user (whose session then works in the account), or with a
 * name and password that create the login (answering its first session's token). Each code works once.
 */
export async function join(
  ctx: AppContext,
  params: {
    code: string;
    user: CurrentUser | null;
    token: string | null;
    input: TJoinRequest;
    locale: Locale;
  },
): Promise<{ accountId: number; userId: number; accessToken: string | null }> {
  const invitation = await findPendingInvitation(ctx.db, params.code);
  if (!invitation) throw invalidInvitation();
  if (params.user && params.token) {
    const user = params.user;
    if (user.id === invitation.accountId)
      throw new FieldError({ code: 'team.errors.ownAccount' }, 'team.errors.ownAccount');
    await ctx.db.transaction(async (tx) => {
      if (!(await acceptInvitation(tx, { id: invitation.id, userId: user.id }))) throw invalidInvitation();
      await upsertMember(tx, {
        accountId: invitation.accountId,
        userId: user.id,
        roleId: invitation.roleId,
        permissions: invitation.permissions,
      });
      await setSessionAccount(tx, { token: params.token!, accountId: invitation.accountId });
    });
    return { accountId: invitation.accountId, userId: user.id, accessToken: null };
  }
  if (await findUserByEmail(ctx.db, invitation.email))
    throw new FieldError({ email: 'team.errors.loginExists' }, 'team.errors.loginExists');
  const name = params.input?.name;
  const password = params.input?.password;
  if (!name || !password) {
    const fields: Record<string, string> = {};
    if (!name) fields.name = 'validation.required';
    if (!password) fields.password = 'validation.required';
    throw new FieldError(fields, 'team.errors.nameAndPassword');
  }
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertRegisteredUser(tx, {
      name,
      email: invitation.email,
      passwordHash,
      locale: params.locale,
      referral: null,
    });
    if (!user) throw new FieldError({ email: 'team.errors.loginExists' }, 'team.errors.loginExists');
    if (!(await acceptInvitation(tx, { id: invitation.id, userId: user.id }))) throw invalidInvitation();
    // The mailed link proved the address.
    await markEmailVerified(tx, user.id);
    await upsertMember(tx, {
      accountId: invitation.accountId,
      userId: user.id,
      roleId: invitation.roleId,
      permissions: invitation.permissions,
    });
    const accessToken = await createAccessToken(tx, user.id, invitation.accountId);
    return { accountId: invitation.accountId, userId: user.id, accessToken };
  });
}

/** A member's new role and permissions: in force on their next call. */
export async function changeMember(
  ctx: Pick<AppContext, 'db'>,
  params: { account: AccountContext; userId: number; input: TMemberUpdateRequest },
) {
  const { account, userId, input } = params;
  if (userId === account.actorId && !account.isOwner)
    throw new AppError('forbidden', 'team.errors.notYourself');
  const permissions = grantable(account, input.roleId, input.permissions);
  const row = await updateMember(ctx.db, {
    accountId: account.accountId,
    userId,
    roleId: input.roleId,
    permissions,
  });
  if (!row) throw notFound();
  const found = await findMember(ctx.db, { accountId: account.accountId, userId });
  if (!found) throw notFound();
  return found;
}

/** Removes a member: their sessions in the account end at once (their live sockets are told). */
export async function removeMember(ctx: AppContext, params: { account: AccountContext; userId: number }) {
  const { account, userId } = params;
  if (userId === account.actorId && !account.isOwner)
    throw new AppError('forbidden', 'team.errors.notYourself');
  const tokenHashes = await ctx.db.transaction(async (tx) => {
    if (!(await deleteMember(tx, { accountId: account.accountId, userId }))) throw notFound();
    return revokeSessionsInAccount(tx, { accountId: account.accountId, userId });
  });
  if (tokenHashes.length > 0) await announceRevoked(ctx, { userId, tokenHashes });
}

export interface AccountEntry {
  accountId: number;
  name: string;
  email: string;
  roleId: number;
  permissions: string[];
  isOwner: boolean;
  isCurrent: boolean;
}

/** The accounts a user works in: their own first, then those they are a member of. */
export async function accountsOf(
  ctx: Pick<AppContext, 'db'>,
  params: { user: CurrentUser; currentAccountId: number },
): Promise<AccountEntry[]> {
  const { user, currentAccountId } = params;
  const memberships = await membershipsOf(ctx.db, user.id);
  return [
    {
      accountId: user.id,
      name: user.name,
      email: user.email,
      roleId: user.roleId,
      permissions: [...ACCOUNT_PERMISSION_KEYS],
      isOwner: true,
      isCurrent: currentAccountId === user.id,
    },
    ...memberships.map(({ member, owner }) => ({
      accountId: owner.id,
      name: owner.name,
      email: owner.email,
      roleId: member.roleId,
      permissions: permissionsForRole(member.roleId, member.permissions),
      isOwner: false,
      isCurrent: currentAccountId === owner.id,
    })),
  ];
}

/** Makes the session work in another of the user's accounts; one they are not in is not found. */
export async function switchAccount(
  ctx: Pick<AppContext, 'db'>,
  params: { user: CurrentUser; token: string; accountId: number },
) {
  const { user, token, accountId } = params;
  const accounts = await accountsOf(ctx, { user, currentAccountId: accountId });
  const target = accounts.find((a) => a.accountId === accountId);
  if (!target) throw notFound();
  await setSessionAccount(ctx.db, { token, accountId: accountId === user.id ? null : accountId });
  return target;
}
