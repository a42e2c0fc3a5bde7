import { CONSOLE_PERMISSION_KEYS, type ConsolePermissionKey } from '@linkwatch/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notices.ts';
import { useMe } from '@/lib/session.ts';
import { Button } from '@/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { Checkbox } from '@/ui/Checkbox.tsx';
import { useConsoleAccess } from './api/access.ts';
import { useUpdateCustomer } from './api/admin.ts';
import type { Customer } from './api/types.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

/** i18n keys cannot hold the keys' dots: `console.users.read` is titled by `admin.permissions.console_users_read`. */
const titleKey = (key: string) =>
  `admin.permissions.${key.replaceAll('.', '_')}` as 'admin.permissions.console_users_read';

/**
 * Another operator's console keys, for an operator with the whole console (as the server rules):
 * none ticked is the whole console. Saved with a reason, like every console change.
 */
export function CustomerConsoleAccess({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const me = useMe();
  const access = useConsoleAccess();
  const update = useUpdateCustomer(customer.id as number);
  const held = customer.attributes.consolePermissions;
  const [keys, setKeys] = useState<string[]>(held);
  const [confirming, setConfirming] = useState(false);
  if (!customer.attributes.isAdmin || !access.known || !access.wholeConsole) return null;
  if (me.data?.id === customer.id) return null;
  const changed = keys.length !== held.length || keys.some((k) => !held.includes(k));
  const toggle = (key: ConsolePermissionKey, on: boolean) =>
    setKeys((now) => CONSOLE_PERMISSION_KEYS.filter((k) => (k === key ? on : now.includes(k))));
  return (
    <Card>
      <CardHeader
        title={t('admin.customer.access.title')}
        description={t('admin.customer.access.description')}
      />
      <CardBody className="space-y-3">
        <p className="text-sm text-ink-muted" data-testid="console-access-summary">
          {keys.length === 0
            ? t('admin.customer.access.whole')
            : t('admin.customer.access.some', { count: keys.length })}
        </p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {CONSOLE_PERMISSION_KEYS.map((key) => (
            <li key={key}>
              <span className="flex items-center gap-2 text-sm text-ink">
                <Checkbox
                  id={`console-key-${key}`}
                  checked={keys.includes(key)}
                  onChange={(e) => toggle(key, e.target.checked)}
                />
                <label htmlFor={`console-key-${key}`}>{t(titleKey(key))}</label>
              </span>
            </li>
          ))}
        </ul>
        <Button variant="secondary" disabled={!changed} onClick={() => setConfirming(true)}>
          {t('admin.customer.access.save')}
        </Button>
      </CardBody>
      <ReasonDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.customer.access.confirm', { email: customer.attributes.email })}
        body={
          keys.length === 0
            ? t('admin.customer.access.whole')
            : t('admin.customer.access.some', { count: keys.length })
        }
        confirmLabel={t('admin.common.save')}
        onConfirm={async (reason) => {
          await update.mutateAsync({
            consolePermissions: keys as ConsolePermissionKey[],
            reason: reason || undefined,
          });
          notify.success(t('admin.customer.access.saved'));
        }}
      />
    </Card>
  );
}
