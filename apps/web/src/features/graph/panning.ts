import type Sigma from 'sigma';
import { EdgeLineProgram, EdgeRectangleProgram, NodeCircleProgram, NodePointProgram } from 'sigma/rendering';
import type { RenderParams } from 'sigma/types';
import { LIGHT_MOVE_FROM } from './model.ts';

// What a pan over a big graph leaves out or draws more cheaply (GraphCanvas): work sigma does per frame
// or per mouse move that nobody sees while the camera moves.

/**
 * Sigma's own test for a move that leaves out the edges (`hideEdgesOnMove`, big graphs): sigma draws a
 * still frame with them when such a move ends, so the picking drawn then is never left stale.
 */
function lightMove(renderer: Sigma): boolean {
  if (!renderer.getSetting('hideEdgesOnMove')) return false;
  const mouse = renderer.getMouseCaptor();
  return (
    renderer.getCamera().isAnimated() ||
    mouse.isMoving ||
    mouse.draggedEvents > 0 ||
    mouse.currentWheelDirection !== 0
  );
}

/**
 * Nodes drawn as WebGL points (one vertex each, one plain draw call), without their second pass into
 * the picking buffer (which node is under the pointer) while the camera moves: nothing is hovered or
 * clicked mid-pan, and each pass draws all 50,000 nodes again.
 */
class PointProgramPickingWhenStill extends NodePointProgram {
  override render(params: RenderParams): void {
    const pick = this.pickProgram;
    if (pick === null || !lightMove(this.renderer)) {
      super.render(params);
      return;
    }
    this.pickProgram = null;
    try {
      super.render(params);
    } finally {
      this.pickProgram = pick;
    }
  }
}

/**
 * How a graph's nodes and edges are drawn. Sigma's circles and edge rectangles are instanced draws (three
 * vertices a node or edge); a software renderer (SwiftShader, what Chromium falls back to without a GPU)
 * draws instances one by one, so 50,000 circles took seconds a frame there, where points of the same
 * size and colour and one-pixel lines take a fraction (docs/benchmarks.md). Points are as round and as
 * big up to the GPU's largest point (SwiftShader's: 1,023 px), so small graphs, which zoom in furthest,
 * keep circles, and their edges keep their thickness.
 */
export function programsFor(size: number) {
  return size >= LIGHT_MOVE_FROM
    ? {
        nodeProgramClasses: { circle: PointProgramPickingWhenStill },
        edgeProgramClasses: { line: EdgeLineProgram },
      }
    : {
        nodeProgramClasses: { circle: NodeCircleProgram },
        edgeProgramClasses: { line: EdgeRectangleProgram },
      };
}

/**
 * No look-up of the node under the pointer while the button is held (a pan; a click is looked up on
 * release). Each look-up reads a pixel back from the GPU and so waits for every frame still queued: a
 * pan sends one per mouse move. `getNodeAtPosition` is private in sigma 3's types, hence the cast.
 */
export function noHoverLookUpWhilePressed(renderer: Sigma): void {
  const target = renderer as unknown as {
    getNodeAtPosition: (at: { x: number; y: number }) => string | null;
  };
  const lookUp = target.getNodeAtPosition.bind(renderer);
  const mouse = renderer.getMouseCaptor();
  target.getNodeAtPosition = (at) => (mouse.isMouseDown ? null : lookUp(at));
}
