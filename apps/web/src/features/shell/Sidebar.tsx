import {
  BookOpen,
  CalendarClock,
  ChevronDown,
  ExternalLink,
  FileBarChart,
  FolderKanban,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  Plus,
  Radar,
  Search,
  Wallet,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { crawlersPath } from '@/features/crawlers';
import { groupByCategory, projectPath, useCreateCampaign, useProjectOptions } from '@/features/projects';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { useSidebarCounts } from '@/lib/sidebarCounts.ts';
import { useLocale, useLocalePath } from '@/lib/useLocale.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { NavItem, navItemClass } from './NavItem.tsx';

/** spec point 2: help is the contact page of the referral domain, with /ru for Russian. */
export function helpUrl({ referralDomain, locale }: { referralDomain: string; locale: string }): string {
  return `https://${referralDomain}${locale === 'ru' ? '/ru' : ''}/contacts`;
}

function ProjectsMenu({
  collapsed,
  onExpand,
  onNavigate,
}: {
  collapsed: boolean;
  onExpand: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const projects = useProjectOptions();
  const list = projects.data ?? [];

  return (
    <div>
      <button
        type="button"
        className={cn(navItemClass(false, collapsed), 'w-full')}
        aria-expanded={open && !collapsed}
        aria-controls={listId}
        title={collapsed ? t('shell.nav.projects') : undefined}
        onClick={() => {
          if (collapsed) {
            onExpand();
            setOpen(true);
          } else setOpen((v) => !v);
        }}
      >
        <FolderKanban className="size-5 shrink-0" aria-hidden />
        <span className={cn('flex-1 truncate text-left', collapsed && 'sr-only')}>
          {t('shell.nav.projects')}
        </span>
        {collapsed ? null : (
          <ChevronDown
            className={cn('size-4 opacity-60 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        )}
      </button>
      {open && !collapsed ? (
        <ul id={listId} className="mt-1 ml-5 space-y-0.5 border-l border-white/10 pl-3">
          {projects.isPending ? (
            <li className="px-2 py-1.5 text-xs text-slate-400">{t('common.loading')}</li>
          ) : list.length === 0 ? (
            <li className="px-2 py-1.5 text-xs text-slate-400">{t('shell.nav.noProjects')}</li>
          ) : (
            groupByCategory(list, (p) => p.category).map((group) => (
              <li key={group.name ?? ''}>
                {/* Headed by category (spec point 2) once the user has any; else one plain list. */}
                {list.some((p) => p.category) ? (
                  <p className="truncate px-2 pt-2 pb-0.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
                    {group.name ?? t('projects.categories.uncategorised')}
                  </p>
                ) : null}
                <ul className="space-y-0.5">
                  {group.items.map((project) => (
                    <li key={project.id} className="flex items-center gap-1">
                      <NavLink
                        to={to(projectPath(project.id))}
                        onClick={onNavigate}
                        className={({ isActive }) =>
                          cn(
                            'block min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-sm',
                            isActive ? 'text-white' : 'text-slate-400 hover:text-white',
                          )
                        }
                      >
                        {project.name}
                      </NavLink>
                      {/* The project's crawler data (spec point 2, /crawlers/{project}), one step from its name. */}
                      <NavLink
                        to={to(crawlersPath(project.id))}
                        onClick={onNavigate}
                        // Named without the project's name (the list item beside it says it): a search for the
                        // project's link by its name finds one link, not two.
                        aria-label={t('crawlersUi.nav')}
                        title={t('crawlersUi.titleOf', { name: project.name })}
                        className={({ isActive }) =>
                          cn(
                            'shrink-0 rounded-md p-1.5',
                            isActive ? 'text-white' : 'text-slate-500 hover:text-white',
                          )
                        }
                      >
                        <Radar className="size-3.5" aria-hidden />
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

type SidebarProps = { collapsed: boolean; onExpand: () => void; onNavigate?: () => void };

export function MainNav({ collapsed, onExpand, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const locale = useLocale();
  const settings = useSettings();
  const counts = useSidebarCounts();
  const { setOpen } = useCreateCampaign();
  // Issue 27: a member sees only the entries their permissions let them open (an owner holds them all).
  const canReadProjects = useCan('projects.read');
  const canManageProjects = useCan('projects.manage');
  const canReadReports = useCan('reports.read');
  const canReadBalance = useCan('balance.read');
  const badgeLabel = (
    key: 'shell.nav.tasksBadge' | 'shell.nav.reportsBadge' | 'shell.nav.wikiBadge',
    count: number | null,
  ) => (count ? t(key, { count, value: format.number(count) }) : undefined);

  return (
    <>
      {canManageProjects ? (
        <div className={cn('px-3 pb-4', collapsed && 'px-2')}>
          <Button
            className="w-full"
            size={collapsed ? 'icon' : 'md'}
            icon={<Plus className="size-4" aria-hidden />}
            aria-label={collapsed ? t('shell.createCampaign') : undefined}
            title={collapsed ? t('shell.createCampaign') : undefined}
            onClick={() => {
              onNavigate?.();
              setOpen(true);
            }}
          >
            {collapsed ? null : t('shell.createCampaign')}
          </Button>
        </div>
      ) : null}
      <nav
        aria-label={t('shell.nav.label')}
        className={cn('flex-1 space-y-1 overflow-y-auto px-3', collapsed && 'px-2')}
      >
        <NavItem
          to={to('/')}
          end
          icon={LayoutDashboard}
          label={t('shell.nav.dashboard')}
          {...{ collapsed, onNavigate }}
        />
        {canReadProjects ? (
          <ProjectsMenu collapsed={collapsed} onExpand={onExpand} onNavigate={onNavigate} />
        ) : null}
        {canReadReports ? (
          <NavItem
            to={to('/tasks')}
            icon={ListChecks}
            label={t('shell.nav.tasks')}
            badge={counts.tasks}
            badgeLabel={badgeLabel('shell.nav.tasksBadge', counts.tasks)}
            {...{ collapsed, onNavigate }}
          />
        ) : null}
        {canReadReports ? (
          <NavItem
            to={to('/report')}
            icon={FileBarChart}
            label={t('shell.nav.reports')}
            badge={counts.reports}
            badgeLabel={badgeLabel('shell.nav.reportsBadge', counts.reports)}
            {...{ collapsed, onNavigate }}
          />
        ) : null}
        {canReadProjects ? (
          <NavItem
            to={to('/schedule')}
            icon={CalendarClock}
            label={t('shell.nav.schedule')}
            {...{ collapsed, onNavigate }}
          />
        ) : null}
        {canReadProjects ? (
          <NavItem
            to={to('/search')}
            icon={Search}
            label={t('shell.nav.search')}
            {...{ collapsed, onNavigate }}
          />
        ) : null}
        <NavItem
          to={to('/wiki')}
          icon={BookOpen}
          label={t('shell.nav.wiki')}
          badge={counts.wiki}
          badgeLabel={badgeLabel('shell.nav.wikiBadge', counts.wiki)}
          {...{ collapsed, onNavigate }}
        />
        {canReadBalance ? (
          <NavItem
            to={to('/balance')}
            icon={Wallet}
            label={t('shell.nav.balance')}
            {...{ collapsed, onNavigate }}
          />
        ) : null}
        {settings?.referralDomain ? (
          <a
            href={helpUrl({ referralDomain: settings.referralDomain, locale })}
            target="_blank"
            rel="noopener noreferrer"
            title={collapsed ? t('shell.nav.help') : undefined}
            className={navItemClass(false, collapsed)}
          >
            <LifeBuoy className="size-5 shrink-0" aria-hidden />
            <span className={cn('flex-1 truncate', collapsed && 'sr-only')}>{t('shell.nav.help')}</span>
            {collapsed ? null : <ExternalLink className="size-3.5 opacity-50" aria-hidden />}
          </a>
        ) : null}
      </nav>
    </>
  );
}
