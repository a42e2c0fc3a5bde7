import { GRAPH_NODE_STATES, type GraphNodeState } from '@linkwatch/shared';
import { Maximize, Network, ZoomIn, ZoomOut } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkDrawer } from '@/features/links';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { useProjectGraph } from './api/graph.ts';
import type { GraphCanvasHandle } from './GraphCanvas.tsx';
import { GraphFilters } from './GraphFilters.tsx';
import {
  filterFromParams,
  filterGraph,
  filterToParams,
  type GraphFilter,
  linkNodeCount,
  SITE_COLOR,
  STATE_COLORS,
  toGraphModel,
} from './model.ts';

// sigma.js and graphology (about 60 KB brotli) load with this page's canvas only.
const GraphCanvas = lazy(() => import('./GraphCanvas.tsx'));

/** `/graph/{project}`: the project's site, tier 1 and tier 2 pages as one graph (issue 31). */
export function ProjectGraph({ project }: { project: string }) {
  const { t } = useTranslation();
  const graph = useProjectGraph(project);
  if (graph.isPending)
    return (
      <div className="flex items-center gap-3 py-16 text-ink-muted" data-testid="graph-loading">
        <Spinner className="size-5 text-brand-600" label={t('graph.loading')} />
        <span aria-hidden>{t('graph.loading')}</span>
      </div>
    );
  if (graph.isError)
    return (
      <Alert tone="error">
        <p>{t('graph.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => graph.refetch()}>
          {t('graph.retry')}
        </Button>
      </Alert>
    );
  if (graph.data.nodes.id.length <= 1)
    return (
      <Card>
        <EmptyState
          icon={<Network className="size-6" aria-hidden />}
          title={t('graph.empty')}
          body={t('graph.emptyHint')}
        />
      </Card>
    );
  return <GraphExplorer data={graph.data} />;
}

function hasWebgl2(): boolean {
  return typeof WebGL2RenderingContext !== 'undefined';
}

function GraphExplorer({ data }: { data: NonNullable<ReturnType<typeof useProjectGraph>['data']> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canvas = useRef<GraphCanvasHandle>(null);
  // The filter lives in the address (tier, states, q): a reload or a shared link shows the same graph.
  // Read once at the start and written back as it changes (replacing the entry: no history per tick);
  // the input itself answers from state, so typing never waits for the router.
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<GraphFilter>(() => filterFromParams(params));
  useEffect(() => {
    setParams((current) => filterToParams(filter, current), { replace: true });
  }, [filter, setParams]);
  const [opened, setOpened] = useState<number | null>(null);
  const [drawn, setDrawn] = useState(false);
  // sigma draws with WebGL2 and reads its constants as its chunk loads: without it, say so and load nothing.
  const [failed, setFailed] = useState<string | null>(() => (hasWebgl2() ? null : 'webgl2'));
  const model = useMemo(() => toGraphModel(data), [data]);
  // Typing stays responsive with 50,000 nodes: the filter catches up between keystrokes.
  const deferred = useDeferredValue(filter);
  const result = useMemo(() => filterGraph(model, deferred), [model, deferred]);
  const total = linkNodeCount(model);

  return (
    <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside className="space-y-5" aria-label={t('graph.filter.title')}>
        <Legend counts={result.counts} />
        <GraphFilters
          filter={filter}
          onChange={setFilter}
          matches={result.matches}
          labels={model.label}
          onPick={(node) => {
            canvas.current?.focus(node);
            const linkId = model.linkId[node];
            if (linkId !== null) setOpened(linkId);
          }}
        />
      </aside>
      <Card className="relative overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2">
          <p className="text-sm text-ink-muted" aria-live="polite" data-testid="graph-shown">
            {t('graph.shown', { shown: format.number(result.shown), total: format.number(total) })}
          </p>
          <div className="flex gap-1" role="toolbar" aria-label={t('graph.zoom.title')}>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('graph.zoom.in')}
              title={t('graph.zoom.in')}
              onClick={() => canvas.current?.zoomIn()}
              icon={<ZoomIn className="size-4" aria-hidden />}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('graph.zoom.out')}
              title={t('graph.zoom.out')}
              onClick={() => canvas.current?.zoomOut()}
              icon={<ZoomOut className="size-4" aria-hidden />}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('graph.zoom.reset')}
              title={t('graph.zoom.reset')}
              onClick={() => canvas.current?.reset()}
              icon={<Maximize className="size-4" aria-hidden />}
            />
          </div>
        </div>
        {failed !== null ? (
          <Alert tone="warning" className="m-4">
            <span data-reason={failed}>{t('graph.noWebgl')}</span>
          </Alert>
        ) : (
          <Suspense fallback={<Drawing />}>
            {drawn ? null : <Drawing overlay />}
            <GraphCanvas
              ref={canvas}
              model={model}
              visible={result.visible}
              label={t('graph.canvasLabel', {
                nodes: format.number(model.size),
                edges: format.number(model.source.length),
              })}
              onOpen={setOpened}
              onDrawn={() => setDrawn(true)}
              onFailed={setFailed}
            />
          </Suspense>
        )}
      </Card>
      <LinkDrawer linkId={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function Drawing({ overlay = false }: { overlay?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={
        overlay
          ? 'pointer-events-none absolute inset-x-0 top-12 flex justify-center text-ink-muted'
          : 'flex h-80 items-center justify-center text-ink-muted'
      }
    >
      <Spinner className="size-5 text-brand-600" label={t('graph.drawing')} />
    </div>
  );
}

function Legend({ counts }: { counts: Record<GraphNodeState, number> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-sm font-semibold text-ink">{t('graph.legend')}</h2>
      <ul className="space-y-1.5 text-sm" data-testid="graph-legend">
        <li className="flex items-center gap-2">
          <Dot color="site" />
          <span className="flex-1">{t('graph.site')}</span>
        </li>
        {GRAPH_NODE_STATES.map((state) => (
          <li key={state} className="flex items-center gap-2" data-state={state}>
            <Dot color={state} />
            <span className="flex-1">{t(`graph.states.${state}`)}</span>
            <span className="tabular-nums text-ink-muted" data-testid={`graph-count-${state}`}>
              {format.number(counts[state])}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Dot({ color }: { color: GraphNodeState | 'site' }) {
  const background = color === 'site' ? SITE_COLOR : STATE_COLORS[color];
  return <span className="inline-block size-3 shrink-0 rounded-full" style={{ background }} aria-hidden />;
}
