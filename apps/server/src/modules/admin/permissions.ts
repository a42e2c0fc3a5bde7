import {
  type Locale,
  PERMISSIONS,
  type PermissionScope,
  type TPermissionAttributes,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';

/** i18n keys cannot hold the keys' dots: `console.users.read` is titled by `admin.permissions.console_users_read`. */
const titleKey = (key: string) => `admin.permissions.${key.replaceAll('.', '_')}`;

/** `GET permissions`: what exists to be granted (key, title, category, scope), in the caller's language. */
export function permissionPage(params: {
  locale: Locale;
  scope?: PermissionScope;
  page: { number: number; size: number };
}) {
  const all = permissionList(params);
  const { number, size } = params.page;
  return { items: all.slice((number - 1) * size, number * size), total: all.length };
}

function permissionList(params: { locale: Locale; scope?: PermissionScope }) {
  return PERMISSIONS.filter((p) => params.scope === undefined || p.scope === params.scope).map((p) => ({
    id: p.id,
    attributes: {
      key: p.key,
      title: translate(params.locale, titleKey(p.key)),
      category: p.category,
      scope: p.scope,
    } satisfies TPermissionAttributes,
  }));
}
