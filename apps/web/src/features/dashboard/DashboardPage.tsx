import {
  BadgeCheck,
  CheckCircle2,
  FolderKanban,
  FolderPlus,
  Layers,
  Link2,
  Plus,
  SearchCheck,
  Unlink,
  Upload,
  XCircle,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkCodes } from '@/features/links';
import { useCreateCampaign, useProjectStatistic, useProjects } from '@/features/projects';
import { useCan, useRequireCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { useMe } from '@/lib/session.ts';
import { useAfterFirstPaint } from '@/lib/useAfterFirstPaint.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { StatCard } from '@/ui/StatCard.tsx';
import { ProjectHealthChart } from './ProjectHealthChart.tsx';
import { CategorisedProjects } from './ProjectsTable.tsx';

const STEPS = [
  { key: 'project', icon: FolderPlus },
  { key: 'upload', icon: Upload },
  { key: 'check', icon: SearchCheck },
] as const;

function FirstSteps({ action }: { action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Card>
        <EmptyState
          icon={<FolderPlus className="size-6" aria-hidden />}
          title={t('dashboard.empty.title')}
          body={t('dashboard.empty.body')}
          action={action}
        />
      </Card>
      <section className="mt-8" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-sm font-semibold text-ink">
          {t('dashboard.steps.title')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key}>
              <Card className="h-full p-5">
                <div className="flex items-center gap-3">
                  <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="text-xs font-semibold text-ink-subtle tabular-nums">0{index + 1}</span>
                </div>
                <p className="mt-4 font-medium text-ink">{t(`dashboard.steps.${key}.title`)}</p>
                <p className="mt-1 text-sm text-ink-muted">{t(`dashboard.steps.${key}.body`)}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function Totals({ projectCount }: { projectCount: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const statistic = useProjectStatistic();
  // What the last checks read, over every active link (the links summary's counts, unfiltered).
  const codes = useLinkCodes({});
  const s = statistic.data;
  const loading = statistic.isPending;
  const n = (v: number | undefined) => format.number(v ?? 0);
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
      <StatCard
        label={t('projects.dashboard.totals.projects')}
        value={n(projectCount)}
        icon={<FolderKanban className="size-5" aria-hidden />}
        tone="brand"
      />
      <StatCard
        label={t('projects.dashboard.totals.campaigns')}
        value={n(s?.companies)}
        loading={loading}
        icon={<Layers className="size-5" aria-hidden />}
      />
      <StatCard
        label={t('projects.dashboard.totals.total')}
        value={n(s?.total)}
        loading={loading}
        icon={<Link2 className="size-5" aria-hidden />}
      />
      <StatCard
        label={t('projects.dashboard.totals.indexed')}
        value={n(s?.indexed)}
        loading={loading}
        icon={<SearchCheck className="size-5" aria-hidden />}
        tone="brand"
      />
      <StatCard
        label={t('projects.dashboard.totals.goodCode')}
        value={n(s?.goodCode)}
        loading={loading}
        icon={<CheckCircle2 className="size-5" aria-hidden />}
        tone="success"
      />
      <StatCard
        label={t('projects.dashboard.totals.badCode')}
        value={n(s?.badCode)}
        loading={loading}
        icon={<XCircle className="size-5" aria-hidden />}
        tone="danger"
      />
      <StatCard
        label={t('projects.dashboard.totals.linkFound')}
        value={n(codes.data?.found)}
        loading={codes.isPending}
        icon={<BadgeCheck className="size-5" aria-hidden />}
        tone="success"
      />
      <StatCard
        label={t('projects.dashboard.totals.linkMissing')}
        value={n(codes.data?.missing)}
        loading={codes.isPending}
        icon={<Unlink className="size-5" aria-hidden />}
        tone="danger"
      />
    </div>
  );
}

function Loading() {
  return (
    <div className="space-y-6" aria-hidden>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
          <Skeleton key={key} className="h-[72px] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

/** spec point 2, dashboard: the user's projects with their statistic, favourites first, and a chart. */
export default function DashboardPage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  const user = useMe().data?.attributes;
  const { setOpen } = useCreateCampaign();
  // Issue 27: creating a project and campaign needs projects.manage.
  const canCreate = useCan('projects.manage');
  const projects = useProjects();
  const list = projects.data?.data ?? [];
  // The greeting, the figures and the chart's card paint first (on a phone the chart's description is the
  // largest text on the screen); the projects table, below the fold, in the render after it.
  const tableReady = useAfterFirstPaint();
  const create = canCreate ? (
    <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setOpen(true)}>
      {t('dashboard.empty.action')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (projects.isPending) body = <Loading />;
  else if (projects.isError)
    body = (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('projects.dashboard.loadFailed')}</span>
          <Button size="sm" variant="secondary" onClick={() => projects.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  else if (list.length === 0) body = <FirstSteps action={create} />;
  else
    body = (
      <div className="space-y-6">
        <Totals projectCount={projects.data?.meta.page.total ?? list.length} />
        <Card>
          <CardHeader
            title={t('projects.dashboard.chart.title')}
            description={t('projects.dashboard.chart.description')}
          />
          <CardBody>
            {/* The drawing comes after the page, in the chart kit's own chunk (ui/charts/lazy.tsx). */}
            <ProjectHealthChart projects={list} />
          </CardBody>
        </Card>
        <Card className="overflow-hidden">
          <CardHeader title={t('projects.dashboard.title')} />
          {tableReady ? (
            <CategorisedProjects projects={list} />
          ) : (
            <Skeleton className="m-5 h-48 rounded-lg" />
          )}
        </Card>
      </div>
    );

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.name ?? '' })}
        description={t('dashboard.subtitle')}
        actions={
          list.length > 0 && canCreate ? (
            <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setOpen(true)}>
              {t('projects.dashboard.newProject')}
            </Button>
          ) : null
        }
      />
      {body}
    </>
  );
}
