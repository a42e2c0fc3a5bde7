import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { Switch } from '@/ui/Switch.tsx';
import { useConsoleAccess } from './api/access.ts';
import { useUpdateCustomer } from './api/admin.ts';
import type { Customer } from './api/types.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

const FLAGS = ['isBlocked', 'isPartner', 'isAdmin'] as const;
type Flag = (typeof FLAGS)[number];

/**
 * The account's flags; each change is confirmed with its reason. Without `console.users.update` they
 * are read-only; the operator flag is the whole console's to change (as the server rules).
 */
export function CustomerFlags({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const access = useConsoleAccess();
  const mayChange = (flag: Flag) =>
    access.can('console.users.update') && (flag !== 'isAdmin' || access.wholeConsole);
  const update = useUpdateCustomer(customer.id as number);
  const [asked, setAsked] = useState<{ flag: Flag; value: boolean } | null>(null);
  const { email } = customer.attributes;
  return (
    <Card>
      <CardHeader title={t('admin.customer.flagsTitle')} />
      <CardBody className="space-y-3">
        {FLAGS.map((flag) => (
          <div key={flag} className="flex items-center justify-between gap-4">
            <span className="text-sm text-ink">{t(`admin.customer.flag.${flag}`)}</span>
            <Switch
              label={t(`admin.customer.flag.${flag}`)}
              checked={customer.attributes[flag]}
              disabled={!mayChange(flag)}
              onCheckedChange={(value) => setAsked({ flag, value })}
            />
          </div>
        ))}
      </CardBody>
      <ReasonDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? null : setAsked(null))}
        title={
          asked ? t('admin.customer.confirmFlag.title', { flag: t(`admin.customer.flag.${asked.flag}`) }) : ''
        }
        body={
          asked
            ? t(asked.value ? 'admin.customer.confirmFlag.on' : 'admin.customer.confirmFlag.off', { email })
            : ''
        }
        confirmLabel={t('admin.customer.confirmFlag.confirm')}
        tone={asked?.flag === 'isBlocked' && asked.value ? 'danger' : 'primary'}
        onConfirm={(reason) =>
          asked
            ? update.mutateAsync({ [asked.flag]: asked.value, reason: reason || undefined })
            : Promise.resolve()
        }
      />
    </Card>
  );
}
