import { filterParams } from '@linkwatch/shared';
import { Anchor, BellRing, Network, Plus, Radar, ShieldOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { alertsPath } from '@/features/alerts';
import { crawlersPath } from '@/features/crawlers';
import { disavowPath } from '@/features/disavow';
import { graphPath } from '@/features/graph';
import {
  Breadcrumbs,
  ExportModal,
  filterQuery,
  HeaderSkeleton,
  LIST_TYPE_CODE,
  LinkSummary,
  LinksWorkspace,
  ListToolbar,
  LoadFailure,
  listPath,
  parseListRoute,
  TypeTabs,
  UploadModal,
  useLinkCounts,
  useListState,
  useRefreshAfterTask,
} from '@/features/links';
import { WastedTierTwoCard } from '@/features/projects';
import { useCampaigns, useProject } from '@/features/projects/api/projects.ts';
import { useCreateCampaign } from '@/features/projects/createCampaign.tsx';
import { ProjectSettingsModal } from '@/features/projects/lazyPanels.tsx';
import { useRealtimeStatus } from '@/features/realtime';
import { CampaignTaskButtons, CampaignTaskProgress } from '@/features/tasks';
import { useRequireCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';
import { Button, buttonClass } from '@/ui/Button.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';

/** `/project/{type?}/{tier?}/{id}`: every link of a project at one tier, with its campaigns. */
export default function ProjectPage() {
  useRequireCan('projects.read');
  const route = parseListRoute(useParams());
  return route ? <ProjectLinks route={route} /> : <NotFoundPage />;
}

function ProjectLinks({ route }: { route: NonNullable<ReturnType<typeof parseListRoute>> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  const navigate = useNavigate();
  const list = useListState();
  const { setOpen: openCreate } = useCreateCampaign();
  const tier = route.tier ?? 1;
  const project = useProject(route.id);
  const campaigns = useCampaigns({ project: route.id, tier });
  const [upload, setUpload] = useState(false);
  const [exporting, setExporting] = useState(false);
  const uploadOpened = useOpenedOnce(upload);
  const exportOpened = useOpenedOnce(exporting);
  const [settings, setSettings] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const scope = useMemo(() => filterParams({ project: route.id, tier }), [route.id, tier]);
  const base = useMemo(
    () => ({ ...scope, ...filterParams({ type: LIST_TYPE_CODE[route.type] }) }),
    [scope, route.type],
  );
  const counts = useLinkCounts(scope);
  const live = useRealtimeStatus() === 'open';
  const refresh = useRefreshAfterTask();
  // With one campaign at this tier the header's tasks run on it and show their cost at once.
  const only = campaigns.data?.length === 1 ? String(campaigns.data[0].id) : undefined;
  const names = useMemo(
    () => new Map((campaigns.data ?? []).map((c) => [Number(c.id), c.attributes.name])),
    [campaigns.data],
  );

  if (project.isError) return <LoadFailure error={project.error} />;
  const p = project.data?.attributes;
  const go = (next: { type?: typeof route.type; tier?: number }) =>
    navigate(
      to(listPath('project', { type: next.type ?? route.type, tier: next.tier ?? tier, id: route.id })),
    );

  return (
    <>
      {p ? (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <Breadcrumbs items={[{ label: t('shell.nav.dashboard'), to: '/' }, { label: p.name }]} />
            <h1 className="truncate text-2xl font-semibold tracking-tight text-ink">{p.name}</h1>
            <p className="mt-1 truncate text-sm text-ink-muted">
              {t('linksUi.projectDomains', { domains: p.domains.join(', ') })}
            </p>
          </div>
          {/* Tops aligned: an unavailable task's reason hangs under its button without lifting it. */}
          <div className="flex max-w-full flex-wrap items-start gap-2" data-testid="project-actions">
            <CampaignTaskButtons project={String(route.id)} campaign={only} />
            <Link to={to(`/anchors/${route.id}/${tier}`)} className={buttonClass({ variant: 'ghost' })}>
              <Anchor className="size-4" aria-hidden />
              {t('linksUi.toolbar.anchors')}
            </Link>
            <Link to={to(crawlersPath(route.id))} className={buttonClass({ variant: 'ghost' })}>
              <Radar className="size-4" aria-hidden />
              {t('crawlersUi.nav')}
            </Link>
            <Link to={to(alertsPath(route.id))} className={buttonClass({ variant: 'ghost' })}>
              <BellRing className="size-4" aria-hidden />
              {t('alerts.ui.open')}
            </Link>
            <Link to={to(disavowPath(route.id))} className={buttonClass({ variant: 'ghost' })}>
              <ShieldOff className="size-4" aria-hidden />
              {t('disavow.open')}
            </Link>
            <Link to={to(graphPath(route.id))} className={buttonClass({ variant: 'ghost' })}>
              <Network className="size-4" aria-hidden />
              {t('graph.open')}
            </Link>
            <ListToolbar
              indexHistoryTo={to(`/project/${tier}/${route.id}/index-history`)}
              domainsTo={to(`/project/${tier}/${route.id}/domains`)}
              onSettings={() => setSettings(true)}
              onExport={() => setExporting(true)}
              onUpload={() => setUpload(true)}
            />
          </div>
        </div>
      ) : (
        <HeaderSkeleton />
      )}
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <SegmentedTabs
            label={t('linksUi.tierLabel')}
            value={String(tier) as '1' | '2'}
            onChange={(next) => go({ tier: Number(next) })}
            items={(['1', '2'] as const).map((v) => ({ value: v, label: t(`projects.tier.t${v}`) }))}
          />
          <TypeTabs value={route.type} counts={counts.data} onChange={(type) => go({ type })} />
        </div>
        <section aria-labelledby="project-campaigns" className="flex flex-wrap items-center gap-2">
          <h2 id="project-campaigns" className="mr-1 text-sm font-medium text-ink-muted">
            {t('linksUi.campaigns')}:
          </h2>
          {(campaigns.data ?? []).map((c) => (
            <Link
              key={c.id}
              to={to(listPath('campaign', { type: 'active', tier, id: c.id }))}
              className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-ink shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
            >
              {c.attributes.name}
              <span className="text-xs text-ink-subtle tabular-nums">
                {t('linksUi.campaignLinks', {
                  count: c.attributes.linksCount ?? 0,
                  value: format.number(c.attributes.linksCount ?? 0),
                })}
              </span>
            </Link>
          ))}
          {campaigns.data?.length === 0 ? (
            <span className="text-sm text-ink-subtle">{t('linksUi.noCampaigns')}</span>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            icon={<Plus className="size-4" aria-hidden />}
            onClick={() => openCreate(true)}
          >
            {t('shell.createCampaign')}
          </Button>
        </section>
        <CampaignTaskProgress project={String(route.id)} live={live} onFinished={refresh} />
        {tier === 2 ? <WastedTierTwoCard projectId={route.id} /> : null}
        <LinkSummary query={base} />
        <LinksWorkspace
          base={base}
          type={route.type}
          list={list}
          projectId={route.id}
          onUpload={() => setUpload(true)}
          onSelectionChange={setSelected}
          campaignName={(id) => names.get(id)}
        />
      </div>
      {uploadOpened ? (
        <UploadModal open={upload} onOpenChange={setUpload} projectId={route.id} tier={tier} />
      ) : null}
      {exportOpened ? (
        <ExportModal
          open={exporting}
          onOpenChange={setExporting}
          query={{ ...base, ...filterQuery(list.filters) }}
          selected={selected}
        />
      ) : null}
      {project.data ? (
        <ProjectSettingsModal project={project.data} open={settings} onOpenChange={setSettings} />
      ) : null}
    </>
  );
}
