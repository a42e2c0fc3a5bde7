import { ACCOUNT_PERMISSION_KEYS, PERMISSIONS } from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import { json } from './api.ts';

/** A page of `type` resources, as the server's list calls answer. */
export const listReply = (type: string, rows: { id: number; attributes: Record<string, unknown> }[]) =>
  json(200, {
    data: rows.map((r) => ({ ...r, type })),
    meta: { page: { currentPage: 1, perPage: 200, total: rows.length, lastPage: 1 } },
  });

/** `GET user/accounts` with one current account: its owner, or a member holding `permissions`. */
export function accountReply({ isOwner, permissions }: { isOwner: boolean; permissions: readonly string[] }) {
  return listReply('accounts', [
    {
      id: 7,
      attributes: {
        name: 'Agency',
        email: 'boss@agency.example',
        roleId: 1,
        permissions,
        isOwner,
        isCurrent: true,
      },
    },
  ]);
}

export const OWNER_ACCOUNT = accountReply({ isOwner: true, permissions: [] });

/** A member holding every account permission but `left`. */
export const memberWithAllBut = (...left: string[]) =>
  accountReply({ isOwner: false, permissions: ACCOUNT_PERMISSION_KEYS.filter((k) => !left.includes(k)) });

/** `GET permissions?filter[scope]=account` as the server answers it in English. */
export function accountPermissionsReply() {
  return listReply(
    'permissions',
    PERMISSIONS.filter((p) => p.scope === 'account').map((p) => ({
      id: p.id,
      attributes: {
        key: p.key,
        title: translate('en', `admin.permissions.${p.key.replaceAll('.', '_')}`),
        category: p.category,
        scope: p.scope,
      },
    })),
  );
}
