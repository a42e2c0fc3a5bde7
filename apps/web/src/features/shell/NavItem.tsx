import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Badge } from '@/ui/Badge.tsx';
import { cn } from '@/ui/cn.ts';

export const navItemClass = (active: boolean, collapsed: boolean) =>
  cn(
    'group relative flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-400',
    collapsed ? 'justify-center px-0' : 'px-3',
    active ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
  );

type NavItemProps = {
  to: string;
  icon: LucideIcon;
  label: string;
  collapsed: boolean;
  end?: boolean;
  badge?: number | null;
  badgeLabel?: string;
  onNavigate?: () => void;
  trailing?: ReactNode;
};

export function NavItem({
  to,
  icon: Icon,
  label,
  collapsed,
  end,
  badge,
  badgeLabel,
  onNavigate,
}: NavItemProps) {
  const showBadge = typeof badge === 'number' && badge > 0;
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      className={({ isActive }) => navItemClass(isActive, collapsed)}
    >
      {({ isActive }) => (
        <>
          {isActive ? (
            <span className="absolute inset-y-2 left-0 w-0.5 rounded-full bg-brand-400" aria-hidden />
          ) : null}
          <Icon className="size-5 shrink-0" aria-hidden />
          <span className={cn('flex-1 truncate', collapsed && 'sr-only')}>{label}</span>
          {showBadge ? (
            <Badge
              tone="brand"
              label={badgeLabel}
              className={cn(
                'bg-brand-500! text-white! ring-0!',
                collapsed && 'absolute -top-0.5 -right-0.5 min-w-4 px-1 text-[10px]',
              )}
            >
              {badge > 99 ? '99+' : badge}
            </Badge>
          ) : null}
        </>
      )}
    </NavLink>
  );
}
