import { ChevronDown, Coins, Handshake, LogOut, ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountSwitcher } from '@/features/team';
import { useCan } from '@/lib/account.ts';
import { useBalance } from '@/lib/balance.ts';
import { useFormat } from '@/lib/format.ts';
import { useLogout, useMe } from '@/lib/session.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { cn } from '@/ui/cn.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '@/ui/DropdownMenu.tsx';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0][0]}${parts[1][0]}` : (parts[0] ?? '?').slice(0, 2)).toUpperCase();
}

/**
 * The balance in the header, on every screen size, as a link to the Balance page (its top-up form is
 * the first thing there): one click from buying credits. Below Tailwind's `sm` it shows the number only;
 * its accessible name starts with what it shows (WCAG 2.5.3) and says where it leads.
 */
export function BalanceChip() {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const balance = useBalance();
  // Issue 27: a member without balance.read sees no balance (the server refuses it anyway).
  const canReadBalance = useCan('balance.read');
  if (balance.data === undefined || !canReadBalance) return null;
  const value = format.number(balance.data);
  const credits = t('common.credits', { count: balance.data, value });
  return (
    <Link
      to={to('/balance')}
      data-testid="balance-chip"
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-100 ring-inset hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 sm:px-3"
      title={t('shell.balanceLink', { credits })}
      aria-label={t('shell.balanceLink', { credits })}
    >
      <Coins className="size-4" aria-hidden />
      <span className="tabular-nums sm:hidden">{value}</span>
      <span className="hidden tabular-nums sm:inline">{credits}</span>
    </Link>
  );
}

/** The menu's Balance item: the word, and the credits beside it once read. */
function MenuBalance() {
  const { t } = useTranslation();
  const format = useFormat();
  const balance = useBalance();
  return (
    <span className="flex flex-1 items-baseline justify-between gap-3">
      {t('shell.balance')}
      {balance.data === undefined ? null : (
        <span className="text-xs text-ink-subtle tabular-nums">
          {t('common.credits', { count: balance.data, value: format.number(balance.data) })}
        </span>
      )}
    </span>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const logout = useLogout();
  const me = useMe();
  const canReadBalance = useCan('balance.read');
  const user = me.data?.attributes;
  if (!user) return null;

  return (
    <DropdownMenu
      trigger={
        <button
          type="button"
          className="flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={`${user.name || user.email}, ${t('shell.account')}`}
        >
          {/* The initials are drawn from an attribute: the name beside them is the button's visible text, and
            its accessible name starts with it (WCAG 2.5.3, label in name). */}
          <span
            data-initials={initials(user.name || user.email)}
            className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white before:content-[attr(data-initials)]"
            aria-hidden
          />
          <span className="hidden max-w-36 truncate font-medium text-slate-700 md:inline">{user.name}</span>
          <ChevronDown className="size-4 text-slate-400" aria-hidden />
        </button>
      }
    >
      <DropdownMenuContent className="w-60">
        <div className="px-2.5 py-2">
          <p className="truncate text-sm font-medium text-ink">{user.name}</p>
          <p className="truncate text-xs text-ink-subtle">{user.email}</p>
        </div>
        <DropdownMenuSeparator />
        <AccountSwitcher />
        {canReadBalance ? (
          <DropdownMenuItem
            icon={<Wallet className="size-4" aria-hidden />}
            onSelect={() => navigate(to('/balance'))}
          >
            <MenuBalance />
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem
          icon={<UserRound className="size-4" aria-hidden />}
          onSelect={() => navigate(to('/profile'))}
        >
          {t('shell.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem
          icon={<Handshake className="size-4" aria-hidden />}
          onSelect={() => navigate(to('/partners'))}
        >
          {t('shell.partnerNav.title')}
        </DropdownMenuItem>
        <DropdownMenuItem
          icon={<UserRound className="size-4" aria-hidden />}
          onSelect={() => navigate(to('/user/profile'))}
        >
          {t('shell.pages.userProfile')}
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem
            icon={<ShieldCheck className="size-4" aria-hidden />}
            onSelect={() => navigate(to('/admin'))}
          >
            {t('admin.nav.console')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          icon={<LogOut className={cn('size-4')} aria-hidden />}
          onSelect={() => void logout()}
        >
          {t('shell.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
