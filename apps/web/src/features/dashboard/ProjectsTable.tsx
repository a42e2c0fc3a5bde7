import { Star, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { faviconUrl } from '@/api/http.ts';
import {
  groupByCategory,
  type Project,
  projectPath,
  useDeleteCategory,
  useToggleFavorite,
} from '@/features/projects';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { cn } from '@/ui/cn.ts';
import { type DataColumn, DataTable, dataColumns, useDataTable } from '@/ui/DataTable.tsx';
import { ConfirmDialog } from '@/ui/Dialog.tsx';
import { Favicon } from '@/ui/Favicon.tsx';

const COLUMNS = ['campaigns', 'tierOne', 'tierTwo', 'indexed', 'goodCode', 'badCode', 'total'] as const;

function FavoriteToggle({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { name, isFavorite } = project.attributes;
  const toggle = useToggleFavorite(project, {
    onError: () => notify.error(t('projects.dashboard.favoriteFailed')),
  });
  // Marking a favourite changes the project (`projects.manage`): without it the star only shows.
  const canToggle = useCan('projects.manage');
  const on = toggle.isPending ? !isFavorite : isFavorite;
  if (!canToggle)
    return on ? (
      <Star
        className="m-1 size-4 fill-amber-400 text-amber-400"
        role="img"
        aria-label={t('projects.dashboard.columns.favorite')}
      />
    ) : null;
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

const col = dataColumns<Project>();

/** The user's projects, favourites first (the server sorts), with each project's statistic. */
export function ProjectsTable({ projects }: { projects: readonly Project[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const columns = useMemo(
    (): DataColumn<Project>[] => [
      col.display({
        id: 'favorite',
        meta: {
          label: t('projects.dashboard.columns.favorite'),
          fixed: true,
          card: 'select',
          className: 'w-10 pr-0',
        },
        header: () => <span className="sr-only">{t('projects.dashboard.columns.favorite')}</span>,
        cell: ({ row }) => <FavoriteToggle project={row.original} />,
      }),
      col.display({
        id: 'project',
        meta: { label: t('projects.dashboard.columns.project'), fixed: true, card: 'lead' },
        cell: ({ row }) => {
          const { name, domains } = row.original.attributes;
          return (
            <div className="max-w-72">
              <Link
                to={to(projectPath(row.original.id))}
                className="font-medium text-ink hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {name}
              </Link>
              <p className="flex items-center gap-1.5 truncate text-xs text-ink-subtle">
                <Favicon src={faviconUrl(domains[0])} className="size-3.5" />
                {domains[0]}
                {domains.length > 1
                  ? ` ${t('projects.dashboard.domainsMore', { count: domains.length - 1 })}`
                  : ''}
              </p>
            </div>
          );
        },
      }),
      ...COLUMNS.map((c) =>
        col.display({
          id: c,
          meta: { label: t(`projects.dashboard.columns.${c}`), align: 'right' },
          cell: ({ row }) => {
            const value = row.original.attributes.statistic?.[c === 'campaigns' ? 'companies' : c] ?? 0;
            return (
              <span
                className={cn(
                  'tabular-nums',
                  c === 'goodCode' && value > 0 && 'text-emerald-700',
                  c === 'badCode' && value > 0 && 'text-rose-700',
                  c === 'total' && 'font-medium',
                )}
              >
                {format.number(value)}
              </span>
            );
          },
        }),
      ),
    ],
    [t, format, to],
  );
  const table = useDataTable({ name: 'projects', columns, rows: projects, rowId: (p) => String(p.id) });
  return <DataTable table={table} label={t('projects.dashboard.title')} />;
}

/** A category's heading on the dashboard: its name, its projects, and deleting it (projects stay). */
function CategoryHeading({ name, id, count }: { name: string | null; id: number | null; count: number }) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteCategory();
  // Deleting a category needs `projects.manage` (issue 27): a member without it sees the heading only.
  const canManage = useCan('projects.manage');
  const label = name ?? t('projects.categories.uncategorised');
  return (
    <div className="flex items-center gap-2 border-t border-line bg-slate-50/70 px-5 py-2">
      <h3 className="min-w-0 truncate text-sm font-semibold text-ink">{label}</h3>
      <span className="text-xs text-ink-subtle tabular-nums">{count}</span>
      {canManage && id !== null && name !== null ? (
        <>
          <button
            type="button"
            onClick={() => setConfirm(true)}
            aria-label={t('projects.categories.deleteLabel', { name })}
            title={t('projects.categories.delete')}
            className="ml-auto rounded-md p-1 text-slate-400 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title={t('projects.categories.deleteTitle', { name })}
            body={t('projects.categories.deleteBody')}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('projects.settings.delete')}
            onConfirm={() =>
              remove.mutate(id, {
                onSuccess: () => notify.success(t('projects.categories.deleted', { name })),
                onError: (error) => notify.error(error.message),
              })
            }
          />
        </>
      ) : null}
    </div>
  );
}

/** The dashboard's projects grouped by category (spec point 2); one plain table while none has one. */
export function CategorisedProjects({ projects }: { projects: readonly Project[] }) {
  if (!projects.some((p) => p.attributes.categoryName)) return <ProjectsTable projects={projects} />;
  return (
    <div data-category-groups>
      {groupByCategory(projects, (p) => p.attributes.categoryName).map((group) => (
        <section key={group.name ?? ''} aria-label={group.name ?? undefined}>
          <CategoryHeading
            name={group.name}
            id={group.items[0].attributes.categoryId}
            count={group.items.length}
          />
          <ProjectsTable projects={group.items} />
        </section>
      ))}
    </div>
  );
}
