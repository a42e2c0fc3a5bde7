import { filterParams } from '@linkwatch/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  Breadcrumbs,
  ExportModal,
  filterQuery,
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
import { useCampaign } from '@/features/projects/api/projects.ts';
import { CampaignSettingsModal } from '@/features/projects/lazyPanels.tsx';
import { useRealtimeStatus } from '@/features/realtime';
import { CampaignTaskButtons, CampaignTaskProgress } from '@/features/tasks';
import { useRequireCan } from '@/lib/account.ts';
import { useAfterFirstPaint } from '@/lib/useAfterFirstPaint.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { useOpenedOnce } from '@/lib/useOpenedOnce.ts';
import { Badge } from '@/ui/Badge.tsx';
import { NotFoundPage } from '@/ui/NotFoundPage.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';

/** The breadcrumbs and the title while the campaign loads, at their height (a 20 px line, 8 px, 32 px). */
function TitleSkeleton() {
  return (
    <div className="min-w-0 space-y-2" aria-hidden>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-72 max-w-full" />
    </div>
  );
}

/** The summary and the table until their first render: a card each, where they will stand. */
function BodySkeleton() {
  return (
    <div className="space-y-5" aria-hidden>
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}

/** `/campaign/{type?}/{tier?}/{id}`: one campaign's links, by tab. */
export default function CampaignPage() {
  useRequireCan('projects.read');
  const route = parseListRoute(useParams());
  return route ? <Campaign route={route} /> : <NotFoundPage />;
}

function Campaign({ route }: { route: NonNullable<ReturnType<typeof parseListRoute>> }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const list = useListState();
  const campaign = useCampaign(route.id);
  const [upload, setUpload] = useState(false);
  const [exporting, setExporting] = useState(false);
  const uploadOpened = useOpenedOnce(upload);
  const exportOpened = useOpenedOnce(exporting);
  const [settings, setSettings] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const scope = useMemo(() => filterParams({ campaign: route.id }), [route.id]);
  const base = useMemo(
    () => ({ ...scope, ...filterParams({ type: LIST_TYPE_CODE[route.type] }) }),
    [scope, route.type],
  );
  const taskScope = useMemo(() => ({ campaign: route.id }), [route.id]);
  const openUpload = useCallback(() => setUpload(true), []);
  const counts = useLinkCounts(scope);
  const live = useRealtimeStatus() === 'open';
  const refresh = useRefreshAfterTask();
  // The title paints first; the summary and the 50 rows in the render after it (see useAfterFirstPaint).
  const bodyReady = useAfterFirstPaint();

  if (campaign.isError) return <LoadFailure error={campaign.error} />;
  const c = campaign.data?.attributes;
  const tier = c?.tier ?? route.tier ?? 1;

  return (
    <>
      {/* The actions render before the campaign has loaded (they need only the route), so the header
          has its final height from the first paint and the list below it does not move. */}
      <div className="mb-6 flex flex-col gap-4">
        {c ? (
          <div className="min-w-0">
            <Breadcrumbs
              items={[
                { label: t('shell.nav.dashboard'), to: '/' },
                {
                  label: c.projectName ?? '',
                  to: listPath('project', { type: 'active', tier, id: c.projectId }),
                },
                { label: c.name },
              ]}
            />
            <div className="flex items-center gap-3">
              <h1 className="truncate text-2xl font-semibold tracking-tight text-ink">{c.name}</h1>
              <Badge tone="brand">{t(`projects.tier.t${tier === 2 ? 2 : 1}`)}</Badge>
            </div>
          </div>
        ) : (
          <TitleSkeleton />
        )}
        {/* The task buttons have a row of their own, one per line on a phone: their costs and availability
            arrive after the first paint and widen them, which would otherwise re-wrap the whole toolbar. Until
            the campaign names its project the start dialog opens without one preselected. */}
        <div className="space-y-2">
          <div className="flex max-w-full flex-col items-start gap-2 sm:flex-row sm:flex-wrap">
            <CampaignTaskButtons project={c ? String(c.projectId) : ''} campaign={String(route.id)} />
          </div>
          <div className="flex max-w-full flex-wrap items-center gap-2">
            <ListToolbar
              indexHistoryTo={to(`/campaign/${tier}/${route.id}/index-history`)}
              domainsTo={to(`/campaign/${tier}/${route.id}/domains`)}
              onSettings={() => setSettings(true)}
              onExport={() => setExporting(true)}
              onUpload={() => setUpload(true)}
            />
          </div>
        </div>
      </div>
      <div className="space-y-5">
        <CampaignTaskProgress campaign={String(route.id)} live={live} onFinished={refresh} />
        <TypeTabs
          value={route.type}
          counts={counts.data}
          onChange={(type) => navigate(to(listPath('campaign', { type, tier, id: route.id })))}
        />
        {bodyReady ? (
          <>
            <LinkSummary query={base} />
            <LinksWorkspace
              base={base}
              type={route.type}
              list={list}
              taskScope={taskScope}
              projectId={c?.projectId}
              onUpload={openUpload}
              onSelectionChange={setSelected}
            />
          </>
        ) : (
          <BodySkeleton />
        )}
      </div>
      {uploadOpened ? <UploadModal open={upload} onOpenChange={setUpload} campaignId={route.id} /> : null}
      {exportOpened ? (
        <ExportModal
          open={exporting}
          onOpenChange={setExporting}
          query={{ ...base, ...filterQuery(list.filters) }}
          selected={selected}
        />
      ) : null}
      {campaign.data ? (
        <CampaignSettingsModal campaign={campaign.data} open={settings} onOpenChange={setSettings} />
      ) : null}
    </>
  );
}
