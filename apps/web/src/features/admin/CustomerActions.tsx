import { IMPERSONATION_MINUTES } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Coins, LogOut, MailCheck, UserRoundCog } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Button } from '@/ui/Button.tsx';
import { useConsoleAccess } from './api/access.ts';
import { impersonate, useEndSessions, useResendConfirmation } from './api/admin.ts';
import type { Customer } from './api/types.ts';
import { CreditsDialog } from './CreditsDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { beginActing } from './session/acting.ts';

type Open = 'credits' | 'act' | 'sessions' | null;

/** What an operator does for a customer: credits, acting as them, their sessions, their confirmation. */
export function CustomerActions({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const endSessions = useEndSessions(customer.id as number);
  const resend = useResendConfirmation(customer.id as number);
  const access = useConsoleAccess();
  const { email, isAdmin, emailConfirmed } = customer.attributes;
  const dialog = (name: Open) => ({
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
  });

  const act = async (reason: string) => {
    const session = await impersonate(customer.id as number, reason || undefined);
    beginActing({ queryClient, accessToken: session.accessToken, session });
    navigate(to('/'));
  };

  return (
    <div className="flex flex-wrap gap-2">
      {access.can('console.users.credits') ? (
        <Button onClick={() => setOpen('credits')}>
          <Coins className="size-4" aria-hidden />
          {t('admin.customer.credits.open')}
        </Button>
      ) : null}
      {access.can('console.users.impersonate') ? (
        <Button
          variant="secondary"
          onClick={() => setOpen('act')}
          disabled={isAdmin}
          title={isAdmin ? t('admin.customer.act.refusedAdmin') : undefined}
        >
          <UserRoundCog className="size-4" aria-hidden />
          {t('admin.customer.act.open')}
        </Button>
      ) : null}
      {access.can('console.users.update') ? (
        <Button variant="secondary" onClick={() => setOpen('sessions')}>
          <LogOut className="size-4" aria-hidden />
          {t('admin.customer.endSessions.open')}
        </Button>
      ) : null}
      {emailConfirmed || !access.can('console.users.update') ? null : (
        <Button
          variant="secondary"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate({}, { onSuccess: () => notify.success(t('admin.customer.confirmation.done')) })
          }
        >
          <MailCheck className="size-4" aria-hidden />
          {t('admin.customer.confirmation.open')}
        </Button>
      )}
      <CreditsDialog userId={customer.id as number} {...dialog('credits')} />
      <ReasonDialog
        {...dialog('act')}
        title={t('admin.customer.act.title', { email })}
        body={t('admin.customer.act.body', { minutes: IMPERSONATION_MINUTES })}
        confirmLabel={t('admin.customer.act.confirm')}
        onConfirm={act}
      />
      <ReasonDialog
        {...dialog('sessions')}
        title={t('admin.customer.endSessions.title', { email })}
        body={t('admin.customer.endSessions.body')}
        confirmLabel={t('admin.customer.endSessions.confirm')}
        tone="danger"
        onConfirm={async (reason) => {
          await endSessions.mutateAsync({ reason: reason || undefined });
          notify.success(t('admin.customer.endSessions.done'));
        }}
      />
    </div>
  );
}
