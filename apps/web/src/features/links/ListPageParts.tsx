import { ChevronRight, Download, Globe, History, Settings, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/client.ts';
import { useCan } from '@/lib/account.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { ErrorPage } from '@/ui/ErrorPage.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import type { LinkCounts } from './api/links.ts';
import { LIST_TYPES, type ListType } from './route.ts';

export function Breadcrumbs({ items }: { items: { label: ReactNode; to?: string }[] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <nav aria-label={t('linksUi.breadcrumbs')} className="mb-2">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-subtle">
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positional trail
          <li key={i} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight className="size-3.5" aria-hidden /> : null}
            {item.to ? (
              <Link to={to(item.to)} className="hover:text-ink">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Active, history and disallow, each with its count (`links/counts`). */
export function TypeTabs({
  value,
  counts,
  onChange,
}: {
  value: ListType;
  counts?: LinkCounts;
  onChange: (type: ListType) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedTabs
      label={t('linksUi.tabsLabel')}
      value={value}
      onChange={onChange}
      items={LIST_TYPES.map((type) => ({
        value: type,
        label: t(`linksUi.types.${type}`),
        count: counts?.[type] ?? null,
      }))}
    />
  );
}

/** 404 of the API reads as the 404 page; other failures as the error page. */
export function LoadFailure({ error }: { error: unknown }) {
  if (isApiError(error, 404)) return <NotFoundPage />;
  const status = isApiError(error) && error.status ? error.status : 500;
  return <ErrorPage status={status} message={error instanceof Error ? error.message : undefined} />;
}

export function HeaderSkeleton() {
  return (
    <div className="mb-6 space-y-2" aria-hidden>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-8 w-72" />
    </div>
  );
}

/** The page actions of a campaign or project list: index history, settings, export, upload. */
export function ListToolbar(props: {
  indexHistoryTo: string;
  domainsTo: string;
  onSettings: () => void;
  onExport: () => void;
  onUpload: () => void;
}) {
  const { t } = useTranslation();
  // Issue 27: settings change the campaign or project (projects.manage), an upload adds links (links.manage).
  const canManageProjects = useCan('projects.manage');
  const canManageLinks = useCan('links.manage');
  return (
    <>
      <Link to={props.indexHistoryTo} className={buttonClass({ variant: 'ghost', size: 'md' })}>
        <History className="size-4" aria-hidden />
        {t('linksUi.toolbar.indexHistory')}
      </Link>
      <Link to={props.domainsTo} className={buttonClass({ variant: 'ghost', size: 'md' })}>
        <Globe className="size-4" aria-hidden />
        {t('linksUi.toolbar.domains')}
      </Link>
      {canManageProjects ? (
        <Button
          variant="secondary"
          icon={<Settings className="size-4" aria-hidden />}
          onClick={props.onSettings}
        >
          {t('linksUi.toolbar.settings')}
        </Button>
      ) : null}
      <Button variant="secondary" icon={<Download className="size-4" aria-hidden />} onClick={props.onExport}>
        {t('linksUi.toolbar.export')}
      </Button>
      {canManageLinks ? (
        <Button icon={<Upload className="size-4" aria-hidden />} onClick={props.onUpload}>
          {t('linksUi.toolbar.upload')}
        </Button>
      ) : null}
    </>
  );
}
