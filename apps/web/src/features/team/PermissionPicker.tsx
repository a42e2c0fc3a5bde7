import {
  type AccountPermissionKey,
  PAYROLL_PERMISSION_KEYS,
  PERMISSION_PRESETS,
  type PermissionPreset,
  TEAM_ROLES,
  type TeamRoleId,
} from '@linkwatch/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { Select } from '@/ui/Select.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { type Permission, useAccountPermissions } from './api/team.ts';

export type Access = { roleId: TeamRoleId; permissions: AccountPermissionKey[] };

type PermissionTitleKey =
  `admin.permissions.${keyof typeof import('@linkwatch/shared/i18n').resources.en.admin.permissions}`;

/** i18n keys cannot hold the keys' dots: `tasks.start` is titled by `admin.permissions.tasks_start`. */
export const permissionTitleKey = (key: string) =>
  `admin.permissions.${key.replaceAll('.', '_')}` as PermissionTitleKey;

const PRESETS = Object.keys(PERMISSION_PRESETS) as PermissionPreset[];

/** The preset an access matches, or `custom`. */
function presetOf(access: Access): PermissionPreset | 'custom' {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((k) => b.includes(k));
  return (
    PRESETS.find(
      (p) =>
        PERMISSION_PRESETS[p].roleId === access.roleId &&
        same(PERMISSION_PRESETS[p].permissions, access.permissions),
    ) ?? 'custom'
  );
}

/** The permissions in their categories, in the order the server lists them. */
function byCategory(permissions: Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const p of permissions) {
    const group = groups.get(p.attributes.category) ?? [];
    group.push(p);
    groups.set(p.attributes.category, group);
  }
  return [...groups];
}

/**
 * The permission checkboxes, read from `GET permissions` (the account scope) and grouped by category;
 * a payroll role offers the balance keys only.
 */
function PermissionChecks({ value, onChange }: { value: Access; onChange: (next: Access) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const permissions = useAccountPermissions();
  if (permissions.isPending)
    return (
      <div className="grid gap-2 sm:grid-cols-2" data-testid="permissions-loading">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-3/5" />
      </div>
    );
  if (permissions.isError)
    return (
      <Alert tone="error">
        <span className="flex flex-wrap items-center gap-3">
          {t('team.ui.permissionsFailed')}
          <Button type="button" variant="secondary" size="sm" onClick={() => permissions.refetch()}>
            {t('common.retry')}
          </Button>
        </span>
      </Alert>
    );
  const offered = permissions.data.filter(
    (p) => value.roleId === 1 || PAYROLL_PERMISSION_KEYS.includes(p.attributes.key as AccountPermissionKey),
  );
  return (
    <div className="space-y-3">
      {byCategory(offered).map(([category, group]) => (
        <fieldset key={category} data-category={category}>
          <legend className="mb-1.5 text-xs font-medium tracking-wide text-ink-subtle uppercase">
            {t(`team.ui.categories.${category}` as 'team.ui.categories.projects', { defaultValue: category })}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.map(({ attributes: { key, title } }) => (
              <label
                key={key}
                htmlFor={`${id}-${key}`}
                className="flex items-center gap-2 text-sm text-ink-muted"
              >
                <Checkbox
                  id={`${id}-${key}`}
                  name="permissions"
                  value={key}
                  checked={value.permissions.includes(key as AccountPermissionKey)}
                  onChange={(e) =>
                    onChange({
                      ...value,
                      permissions: e.target.checked
                        ? [...value.permissions, key as AccountPermissionKey]
                        : value.permissions.filter((k) => k !== key),
                    })
                  }
                />
                {title}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** Role, preset and the permission checkboxes. */
export function PermissionPicker({ value, onChange }: { value: Access; onChange: (next: Access) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const preset = presetOf(value);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink" htmlFor={`${id}-role`}>
          {t('team.ui.role')}
          <Select
            id={`${id}-role`}
            name="roleId"
            value={String(value.roleId)}
            options={TEAM_ROLES.map((r) => ({ value: String(r), label: t(`team.ui.roles.${r}`) }))}
            onChange={(e) => {
              const roleId = Number(e.target.value) as TeamRoleId;
              onChange({
                roleId,
                permissions:
                  roleId === 1
                    ? value.permissions
                    : value.permissions.filter((k) => PAYROLL_PERMISSION_KEYS.includes(k)),
              });
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink" htmlFor={`${id}-preset`}>
          {t('team.ui.presets.label')}
          <Select
            id={`${id}-preset`}
            name="preset"
            value={preset}
            options={[
              ...PRESETS.map((p) => ({ value: p, label: t(`team.ui.presets.${p}`) })),
              { value: 'custom', label: t('team.ui.presets.custom'), disabled: true },
            ]}
            onChange={(e) => {
              const chosen = PERMISSION_PRESETS[e.target.value as PermissionPreset];
              if (chosen) onChange({ roleId: chosen.roleId, permissions: [...chosen.permissions] });
            }}
          />
        </label>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">{t('team.ui.permissions')}</legend>
        <PermissionChecks value={value} onChange={onChange} />
      </fieldset>
    </div>
  );
}
