import type {
  TAdminAuditAttributes,
  TAdminOperatorAttributes,
  TAdminUserAttributes,
  TAdminUserDetailAttributes,
} from '@linkwatch/shared';
import type { CurrentUser } from '../../http/auth.ts';
import { iso, type PageQuery, paginated, resource } from '../../http/present.ts';
import type { listAudit, searchUsers, UserRow, userActivity } from './admin.queries.ts';
import type { customerPage, priceList } from './admin.service.ts';
import { consoleKeys, holdsWholeConsole } from './console-access.ts';
import type { startActing } from './impersonation.ts';

function userAttributes(user: UserRow, lastLoginAt: Date | null): TAdminUserAttributes {
  return {
    email: user.email,
    name: user.name,
    isBlocked: user.isBlocked,
    isPartner: user.isPartner,
    isAdmin: user.isAdmin,
    roleId: user.roleId,
    consolePermissions: user.consolePermissions,
    balance: user.balance,
    referral: user.referral,
    locale: user.locale,
    emailConfirmed: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(lastLoginAt),
  };
}

/** The signed-in operator's console keys (`GET admin/me`). */
export function presentOperator(user: CurrentUser): TAdminOperatorAttributes {
  return { wholeConsole: holdsWholeConsole(user), permissions: consoleKeys(user) };
}

export function presentUserList(params: { found: Awaited<ReturnType<typeof searchUsers>>; page: PageQuery }) {
  const data = params.found.rows.map(({ user, lastLoginAt }) =>
    resource('adminUsers', user.id, userAttributes(user, lastLoginAt)),
  );
  return paginated(data, params.page, params.found.total);
}

type Activity = Awaited<ReturnType<typeof userActivity>>;

function activityAttributes(activity: Activity) {
  return {
    projectsCount: activity.projectsCount,
    ledger: activity.ledger.map((r) => ({
      id: r.id,
      value: r.value,
      balance: r.balance,
      typeId: r.typeId,
      description: r.description,
      createdAt: r.createdAt.toISOString(),
    })),
    payments: activity.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      amount: p.amountCents,
      statusId: p.statusId,
      createdAt: p.createdAt.toISOString(),
    })),
    tasks: activity.tasks.map((a) => ({
      id: a.id,
      actionId: a.actionId,
      statusId: a.statusId,
      totalCount: a.totalCount,
      currentCount: a.currentCount,
      price: a.price,
      cost: a.cost,
      createdAt: a.createdAt.toISOString(),
    })),
    logins: activity.logins.map((l) => ({
      createdAt: l.createdAt.toISOString(),
      lastUsedAt: iso(l.lastUsedAt),
    })),
  };
}

export function presentCustomer(page: Awaited<ReturnType<typeof customerPage>>) {
  const attributes: TAdminUserDetailAttributes = {
    ...userAttributes(page.user, page.activity.lastLoginAt),
    ...activityAttributes(page.activity),
    prices: page.prices,
  };
  return { data: resource('adminUsers', page.user.id, attributes) };
}

export function presentPrices(prices: Awaited<ReturnType<typeof priceList>>) {
  return { data: prices.map((p) => resource('adminPrices', p.action, p)) };
}

export function presentActing(acting: Awaited<ReturnType<typeof startActing>>) {
  return {
    data: resource('impersonations', acting.user.id, {
      accessToken: acting.accessToken,
      expiresAt: acting.expiresAt.toISOString(),
      userId: acting.user.id,
      email: acting.user.email,
    }),
  };
}

export function presentAudit(params: { found: Awaited<ReturnType<typeof listAudit>>; page: PageQuery }) {
  const data = params.found.rows.map(({ row, actorEmail, targetEmail }) => {
    const attributes: TAdminAuditAttributes = {
      kind: row.kind as TAdminAuditAttributes['kind'],
      actorId: row.actorId,
      actorEmail,
      targetUserId: row.targetUserId,
      targetEmail,
      subject: row.subject,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    };
    return resource('auditRows', row.id, attributes);
  });
  return paginated(data, params.page, params.found.total);
}
