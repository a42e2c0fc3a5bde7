import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIGHT_MOVE_FROM } from './model.ts';

// Sigma's programs read WebGL's constants when their module loads; jsdom has no WebGL.
beforeAll(() => {
  const constants = new Proxy({}, { get: () => 0 });
  vi.stubGlobal('WebGLRenderingContext', constants);
  vi.stubGlobal('WebGL2RenderingContext', constants);
});

describe('programsFor', () => {
  it('draws a big graph as points and lines, not instanced circles and rectangles; a small one as circles', async () => {
    const { programsFor } = await import('./panning.ts');
    const sigma = await import('sigma/rendering');
    // Instanced draws are drawn one instance at a time by a software renderer: seconds a frame.
    for (const size of [LIGHT_MOVE_FROM, 50_000]) {
      const big = programsFor(size);
      expect(big.nodeProgramClasses.circle.prototype).toBeInstanceOf(sigma.NodePointProgram);
      expect(big.edgeProgramClasses.line).toBe(sigma.EdgeLineProgram);
    }
    const small = programsFor(LIGHT_MOVE_FROM - 1);
    expect(small.nodeProgramClasses.circle).toBe(sigma.NodeCircleProgram);
    expect(small.edgeProgramClasses.line).toBe(sigma.EdgeRectangleProgram);
  });
});
