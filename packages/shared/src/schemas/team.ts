import { z } from 'zod';
import { rules } from '../validation.ts';
import { PERMISSIONS } from './admin-constants.ts';
import { listOf, resource, single } from './common.ts';

// ---------------------------------------------------------------------------------------------------
// Teams (issue 27). An account is its owner's user id: every row's `user_id` names the account. A
// member works in an account with a participant role (spec 6) and the permission keys below.
// ---------------------------------------------------------------------------------------------------

/** Participant roles: 1 works in the app; any other id is a payroll role (lands on /payrolls). */
export const TeamRole = { Member: 1, Accountant: 2 } as const;
export const TEAM_ROLES = [TeamRole.Member, TeamRole.Accountant] as const;
export type TeamRoleId = (typeof TEAM_ROLES)[number];

/** The account permission keys (admin-constants' PERMISSIONS of scope `account`, the one list). */
export const ACCOUNT_PERMISSION_KEYS = PERMISSIONS.filter((p) => p.scope === 'account').map(
  (p) => p.key,
) as AccountPermissionKey[];
export type AccountPermissionKey = Extract<(typeof PERMISSIONS)[number], { scope: 'account' }>['key'];
/** What a payroll role (any role id but 1) may hold: the balance, its payments and invoices. */
export const PAYROLL_PERMISSION_KEYS: AccountPermissionKey[] = ['balance.read', 'balance.topUp'];

/** Presets offered by the invite form (issue 27): Full, Link builder, Read-only client, Accountant. */
export const PERMISSION_PRESETS = {
  full: { roleId: TeamRole.Member, permissions: ACCOUNT_PERMISSION_KEYS },
  linkBuilder: {
    roleId: TeamRole.Member,
    permissions: ['projects.read', 'links.manage', 'tasks.start', 'reports.read'] as AccountPermissionKey[],
  },
  readOnlyClient: {
    roleId: TeamRole.Member,
    permissions: ['projects.read', 'reports.read'] as AccountPermissionKey[],
  },
  accountant: { roleId: TeamRole.Accountant, permissions: PAYROLL_PERMISSION_KEYS },
} as const;
export type PermissionPreset = keyof typeof PERMISSION_PRESETS;

/** What a role may hold: a payroll role keeps payroll keys only; unknown keys are dropped. */
export function permissionsForRole(roleId: number, keys: readonly string[]): AccountPermissionKey[] {
  const allowed = roleId === TeamRole.Member ? ACCOUNT_PERMISSION_KEYS : PAYROLL_PERMISSION_KEYS;
  return allowed.filter((k) => keys.includes(k));
}

/** How long an invitation's link works. */
export const INVITATION_TTL_HOURS = 72;

const ZPermissionList = z
  .array(
    z.enum(ACCOUNT_PERMISSION_KEYS as [AccountPermissionKey, ...AccountPermissionKey[]], {
      error: 'validation.invalid',
    }),
    { error: 'validation.invalid' },
  )
  .max(ACCOUNT_PERMISSION_KEYS.length, { error: 'validation.max' });
const ZRoleId = z.union(TEAM_ROLES.map((r) => z.literal(r)) as [z.ZodLiteral<1>, z.ZodLiteral<2>], {
  error: 'validation.invalid',
});

/** `POST team/invitations`. */
export const ZInvitationRequest = z.object({
  email: rules.email(),
  roleId: ZRoleId,
  permissions: ZPermissionList,
});
export type TInvitationRequest = z.infer<typeof ZInvitationRequest>;

/** `PUT team/members/{id}`. */
export const ZMemberUpdateRequest = z.object({ roleId: ZRoleId, permissions: ZPermissionList });
export type TMemberUpdateRequest = z.infer<typeof ZMemberUpdateRequest>;

/** `POST team/join/{code}`: empty as a logged-in user; name and password to create the login. */
export const ZJoinRequest = z
  .object({
    name: rules.requiredString().max(255, { error: 'validation.max' }).optional(),
    password: rules.password().optional(),
  })
  .nullish();
export type TJoinRequest = z.infer<typeof ZJoinRequest>;

/** `POST team/join/{code}`'s answer: the account joined, and a new login's first session token. */
export const ZJoinResponse = z.object({
  data: z.object({ accountId: z.number(), accessToken: z.string().nullable() }),
});
export type TJoinResponse = z.infer<typeof ZJoinResponse>;

export const ZJoinParams = z.object({ code: rules.text().min(1).max(200, { error: 'validation.max' }) });

export const ZMemberAttributes = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  roleId: z.number(),
  permissions: z.array(z.string()),
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type TMemberAttributes = z.infer<typeof ZMemberAttributes>;
export const ZMember = resource('members', ZMemberAttributes);
export type TMember = z.infer<typeof ZMember>;
export const ZMemberListResponse = listOf(ZMember);
export const ZMemberResponse = single(ZMember);

export const ZInvitationAttributes = z.object({
  email: z.string(),
  roleId: z.number(),
  permissions: z.array(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TInvitationAttributes = z.infer<typeof ZInvitationAttributes>;
export const ZInvitation = resource('invitations', ZInvitationAttributes);
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationListResponse = listOf(ZInvitation);
export const ZInvitationResponse = single(ZInvitation);

/** `GET user/accounts`: the accounts the user works in (their own first), the current one marked. */
export const ZAccountAttributes = z.object({
  name: z.string(),
  email: z.string(),
  roleId: z.number(),
  permissions: z.array(z.string()),
  isOwner: z.boolean(),
  isCurrent: z.boolean(),
});
export type TAccountAttributes = z.infer<typeof ZAccountAttributes>;
export const ZAccount = resource('accounts', ZAccountAttributes);
export type TAccount = z.infer<typeof ZAccount>;
export const ZAccountListResponse = listOf(ZAccount);
export const ZAccountResponse = single(ZAccount);
