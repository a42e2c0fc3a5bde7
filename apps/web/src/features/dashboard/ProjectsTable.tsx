import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Project, projectPath, useToggleFavorite } from '@/features/projects';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { cn } from '@/ui/cn.ts';
import { Table, Td, Th, Tr } from '@/ui/Table.tsx';

const COLUMNS = ['campaigns', 'tierOne', 'tierTwo', 'indexed', 'goodCode', 'badCode', 'total'] as const;

function FavoriteToggle({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { name, isFavorite } = project.attributes;
  const toggle = useToggleFavorite(project, {
    onError: () => notify.error(t('projects.dashboard.favoriteFailed')),
  });
  const on = toggle.isPending ? !isFavorite : isFavorite;
  return (
    <button
      type="button"
      onClick={() => toggle.mutate()}
      disabled={toggle.isPending}
      aria-pressed={on}
      aria-label={
        on ? t('projects.dashboard.unfavorite', { name }) : t('projects.dashboard.favorite', { name })
      }
      className="rounded-md p-1 text-slate-300 transition-colors hover:text-amber-400 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <Star className={cn('size-4', on && 'fill-amber-400 text-amber-400')} aria-hidden />
    </button>
  );
}

/** The user's projects, favourites first (the server sorts), with each project's statistic. */
export function ProjectsTable({ projects }: { projects: readonly Project[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  return (
    <Table>
      <thead>
        <tr>
          <Th className="w-10">
            <span className="sr-only">★</span>
          </Th>
          <Th>{t('projects.dashboard.columns.project')}</Th>
          {COLUMNS.map((c) => (
            <Th key={c} className="text-right">
              {t(`projects.dashboard.columns.${c}`)}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {projects.map((project) => {
          const { name, domains, statistic } = project.attributes;
          return (
            <Tr key={project.id}>
              <Td className="pr-0">
                <FavoriteToggle project={project} />
              </Td>
              <Td className="max-w-72">
                <Link
                  to={to(projectPath(project.id))}
                  className="font-medium text-ink hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {name}
                </Link>
                <p className="truncate text-xs text-ink-subtle">
                  {domains[0]}
                  {domains.length > 1
                    ? ` ${t('projects.dashboard.domainsMore', { count: domains.length - 1 })}`
                    : ''}
                </p>
              </Td>
              {COLUMNS.map((c) => {
                const key = c === 'campaigns' ? 'companies' : c;
                const value = statistic?.[key] ?? 0;
                return (
                  <Td
                    key={c}
                    className={cn(
                      'text-right tabular-nums',
                      c === 'goodCode' && value > 0 && 'text-emerald-700',
                      c === 'badCode' && value > 0 && 'text-rose-700',
                      c === 'total' && 'font-medium',
                    )}
                  >
                    {format.number(value)}
                  </Td>
                );
              })}
            </Tr>
          );
        })}
      </tbody>
    </Table>
  );
}
