import { ArrowLeft, Link2, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { cn } from '@/ui/cn.ts';
import { NavItem } from './NavItem.tsx';

type Props = { collapsed: boolean; onNavigate?: () => void };

export function PartnerNav({ collapsed, onNavigate }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <nav
      aria-label={t('shell.partnerNav.label')}
      className={cn('flex-1 space-y-1 overflow-y-auto px-3', collapsed && 'px-2')}
    >
      {collapsed ? null : (
        <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-400 uppercase">
          {t('shell.partnerNav.title')}
        </p>
      )}
      <NavItem
        to={to('/partners')}
        end
        icon={Link2}
        label={t('shell.partnerNav.referralLinks')}
        {...{ collapsed, onNavigate }}
      />
      <NavItem
        to={to('/partners/users')}
        icon={Users}
        label={t('shell.partnerNav.users')}
        {...{ collapsed, onNavigate }}
      />
      <NavItem
        to={to('/partners/payout')}
        icon={Wallet}
        label={t('shell.partnerNav.payout')}
        {...{ collapsed, onNavigate }}
      />
      <div className="my-3 border-t border-white/10" />
      <NavItem
        to={to('/')}
        end
        icon={ArrowLeft}
        label={t('shell.partnerNav.backToApp')}
        {...{ collapsed, onNavigate }}
      />
    </nav>
  );
}
