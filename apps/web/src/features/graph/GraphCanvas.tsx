import Graph from 'graphology';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import { type GraphModel, movingDetail, NODE_SIZES, SITE_COLOR, STATE_COLORS } from './model.ts';
import { noHoverLookUpWhilePressed, programsFor } from './panning.ts';

/** What the page's zoom buttons and page list ask of the canvas. */
export type GraphCanvasHandle = {
  zoomIn: () => void;
  zoomOut: () => void;
  reset: () => void;
  /** Centres and zooms on a node. */
  focus: (node: number) => void;
};

type Props = {
  model: GraphModel;
  visible: Uint8Array;
  label: string;
  onOpen: (linkId: number) => void;
  onDrawn: () => void;
  /** Sigma could not start (no WebGL): the reason, for the page's message. */
  onFailed: (reason: string) => void;
};

const EDGE_COLOR = '#cbd5e1';
const ZOOM = { duration: 250 };

function buildGraph(model: GraphModel) {
  const graph = new Graph({ type: 'directed', multi: false, allowSelfLoops: false });
  for (let i = 0; i < model.size; i++) {
    const kind = model.kind[i];
    graph.addNode(String(i), {
      x: model.x[i],
      y: model.y[i],
      size: NODE_SIZES[kind],
      color: kind === 'site' ? SITE_COLOR : STATE_COLORS[model.state[i]],
      label: model.label[i],
      zIndex: kind === 'site' ? 2 : kind === 'tier1' ? 1 : 0,
    });
  }
  for (let j = 0; j < model.source.length; j++)
    graph.mergeEdge(String(model.source[j]), String(model.target[j]), { color: EDGE_COLOR, size: 0.5 });
  return graph;
}

/**
 * The graph drawn by sigma.js (WebGL) from a graphology graph: one canvas whatever the node count.
 * Filtering hides nodes through sigma's reducers, so the graph is built once per answer. A chunk of its
 * own: the page's first screen (legend, filter) and every other page do without the library.
 */
const GraphCanvas = forwardRef<GraphCanvasHandle, Props>(function GraphCanvas(props, ref) {
  const { model, visible, label, onOpen, onDrawn, onFailed } = props;
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma | null>(null);
  const shown = useRef(visible);
  const callbacks = useRef({ onOpen, onDrawn, onFailed });
  callbacks.current = { onOpen, onDrawn, onFailed };
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const graph = buildGraph(model);
    let renderer: Sigma;
    try {
      renderer = new Sigma(graph, element, {
        // Panning 50,000 nodes: edges and labels wait for the camera to stop, nodes are points.
        ...movingDetail(model.size),
        ...programsFor(model.size),
        zIndex: true,
        minCameraRatio: 0.005,
        maxCameraRatio: 4,
        nodeReducer: (node, data) => {
          const res: Partial<NodeDisplayData> = data;
          return shown.current[Number(node)] ? res : { ...res, hidden: true };
        },
        edgeReducer: (edge, data) => {
          const res: Partial<EdgeDisplayData> = data;
          const drawn =
            shown.current[Number(graph.source(edge))] && shown.current[Number(graph.target(edge))];
          return drawn ? res : { ...res, hidden: true };
        },
      });
    } catch (error) {
      setFailed(true);
      callbacks.current.onFailed(error instanceof Error ? error.message : String(error));
      return;
    }
    sigma.current = renderer;
    noHoverLookUpWhilePressed(renderer);
    renderer.on('clickNode', ({ node }) => {
      const linkId = model.linkId[Number(node)];
      if (linkId !== null) callbacks.current.onOpen(linkId);
    });
    renderer.on('enterNode', () => element.style.setProperty('cursor', 'pointer'));
    renderer.on('leaveNode', () => element.style.removeProperty('cursor'));
    // Sigma draws the first frame in its constructor. Read by the graph bench: time from the page's
    // start to the first frame with the graph in it.
    performance.mark('graph:first-draw', { detail: { nodes: model.size } });
    element.dataset.drawn = 'true';
    callbacks.current.onDrawn();
    return () => {
      sigma.current = null;
      renderer.kill();
    };
  }, [model]);

  useEffect(() => {
    shown.current = visible;
    sigma.current?.refresh();
  }, [visible]);

  useImperativeHandle(ref, () => ({
    zoomIn: () => sigma.current?.getCamera().animatedZoom(ZOOM),
    zoomOut: () => sigma.current?.getCamera().animatedUnzoom(ZOOM),
    reset: () => sigma.current?.getCamera().animatedReset(ZOOM),
    focus: (node) => {
      const shownAt = sigma.current?.getNodeDisplayData(String(node));
      if (shownAt) sigma.current?.getCamera().animate({ x: shownAt.x, y: shownAt.y, ratio: 0.05 }, ZOOM);
    },
  }));

  if (failed) return null;
  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid="graph-canvas"
      className="h-[min(70vh,720px)] min-h-80 w-full"
    />
  );
});

export default GraphCanvas;
