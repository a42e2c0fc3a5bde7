import { LAYOUT } from '@linkwatch/shared';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BalanceChip, LanguageSwitcher, UserMenu } from '@/features/shell';
import { lazyModule } from '@/lib/lazyModule.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Logo } from '@/ui/Logo.tsx';
import { useMediaQuery } from '@/ui/useMediaQuery.ts';
import { useSidebarCollapsed } from '../sidebarState.ts';
import { PageTransition } from './PageTransition.tsx';

/** Below Tailwind's `desk` breakpoint (57.5rem) the sidebar column is hidden and the drawer holds the nav. */
const BELOW_DESK_QUERY = 'not all and (min-width: 57.5rem)';

// The drawer and Radix's dialog with it come in a chunk of their own (lib/lazyModule.ts).
const navDrawer = lazyModule(() => import('./NavDrawer.tsx'));

export type NavRenderProps = { collapsed: boolean; onExpand: () => void; onNavigate?: () => void };

type AppFrameProps = {
  nav: (props: NavRenderProps) => ReactNode;
  /** Under the header, above the page (the service warning banner). */
  banner?: ReactNode;
  /** Rendered once beside the page (slide-overs opened from the sidebar). */
  extras?: ReactNode;
};

function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className={cn('flex h-16 shrink-0 items-center text-white', collapsed ? 'justify-center' : 'px-5')}>
      <Link to={to('/')} className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-400">
        <Logo name={t('common.appName')} compact={collapsed} />
      </Link>
    </div>
  );
}

/** The frame of the main and partner layouts: sidebar (collapsible, a drawer below 920 px), header, page. */
export function AppFrame({ nav, banner, extras }: AppFrameProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const Drawer = navDrawer.useLoaded(useOpenedOnce(drawerOpen))?.NavDrawer;
  const { pathname } = useLocation();
  const width = collapsed ? LAYOUT.sidebarCollapsedWidth : LAYOUT.sidebarWidth;
  // The column's nav (its menus, badges and their reads) not where the column is hidden: on a phone it was
  // a hidden second copy built on the first render; there the drawer builds it when opened.
  const belowDesk = useMediaQuery(BELOW_DESK_QUERY);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes on every route change
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className="min-h-screen desk:flex">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow-pop focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('common.skipToContent')}
      </a>

      {/* The dark column runs the page's full height (it stretches beside the content); the sidebar in it
          sticks to the window. A fixed sidebar looked cut short on a long page captured whole. */}
      <div
        className="hidden shrink-0 bg-slate-900 transition-[width] duration-200 desk:block"
        style={{ width }}
        data-sidebar-column
      >
        <aside className="sticky top-0 z-30 flex h-screen flex-col" data-collapsed={collapsed || undefined}>
          <SidebarLogo collapsed={collapsed} />
          {belowDesk ? null : nav({ collapsed, onExpand: () => setCollapsed(false) })}
          <div className={cn('border-t border-white/10 p-3', collapsed && 'flex justify-center px-2')}>
            <button
              type="button"
              onClick={() => setCollapsed(!collapsed)}
              aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
              aria-pressed={collapsed}
              title={collapsed ? t('shell.expand') : t('shell.collapse')}
              className={cn(
                'flex h-9 items-center gap-3 rounded-lg text-sm text-slate-400 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400',
                collapsed ? 'w-9 justify-center' : 'w-full px-3',
              )}
            >
              {collapsed ? (
                <PanelLeftOpen className="size-5" aria-hidden />
              ) : (
                <>
                  <PanelLeftClose className="size-5" aria-hidden />
                  <span>{t('shell.collapse')}</span>
                </>
              )}
            </button>
          </div>
        </aside>
      </div>

      {Drawer ? (
        <Drawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          title={t('shell.nav.label')}
          closeLabel={t('shell.closeMenu')}
          logo={<SidebarLogo collapsed={false} />}
        >
          {nav({ collapsed: false, onExpand: () => {}, onNavigate: () => setDrawerOpen(false) })}
        </Drawer>
      ) : null}

      <div className="flex min-h-screen min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-line bg-white/85 px-4 backdrop-blur sm:px-6 lg:px-8">
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 desk:hidden"
            aria-label={t('shell.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden />
          </Button>
          <div className="flex-1" />
          <LanguageSwitcher />
          <BalanceChip />
          <UserMenu />
        </header>
        {banner}
        <main
          id="content"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <PageTransition>
            <Outlet />
          </PageTransition>
        </main>
      </div>
      {extras}
    </div>
  );
}
