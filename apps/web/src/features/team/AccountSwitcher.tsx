import { Building2, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccounts } from '@/lib/account.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/ui/DropdownMenu.tsx';
import { useSwitchAccount } from './api/team.ts';

/**
 * The account menu's switcher (issue 27): shown to a user who works in more than one account. The
 * switch is part of the session; the app then reads everything again for the new account.
 */
export function AccountSwitcher() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const accounts = useAccounts().data ?? [];
  const switchTo = useSwitchAccount({
    onSuccess: (id) => {
      const chosen = accounts.find((a) => String(a.id) === String(id));
      notify.success(t('team.switcher.switched', { name: chosen?.attributes.name ?? '' }));
      navigate(to('/'));
    },
    onError: () => notify.error(t('common.requestFailed')),
  });
  if (accounts.length < 2) return null;
  return (
    <>
      <div className="px-2.5 pt-1 pb-0.5 text-xs font-medium text-ink-subtle">{t('team.switcher.label')}</div>
      {accounts.map((account) => (
        <DropdownMenuItem
          key={account.id}
          icon={
            account.attributes.isCurrent ? (
              <Check className="size-4" aria-hidden />
            ) : (
              <Building2 className="size-4" aria-hidden />
            )
          }
          onSelect={() => {
            if (!account.attributes.isCurrent) switchTo.mutate(account.id);
          }}
        >
          <span className="truncate" data-account={account.id}>
            {account.attributes.isOwner ? t('team.switcher.own') : account.attributes.name}
          </span>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
    </>
  );
}
