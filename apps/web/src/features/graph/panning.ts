import type Sigma from 'sigma';
import { NodeCircleProgram } from 'sigma/rendering';
import type { RenderParams } from 'sigma/types';

// What a pan over a big graph leaves out (GraphCanvas): work sigma does per frame or per mouse move that
// nobody sees while the camera moves.

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
 * Sigma's circle nodes, without their second pass into the picking buffer (which node is under the
 * pointer) while the camera moves on a big graph: nothing is hovered or clicked mid-pan, and each pass
 * draws all 50,000 nodes again.
 */
export class CircleProgramPickingWhenStill extends NodeCircleProgram {
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
