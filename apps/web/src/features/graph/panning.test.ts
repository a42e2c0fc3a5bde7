import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIGHT_MOVE_FROM } from './model.ts';

// Sigma's programs read WebGL's constants when their module loads; jsdom has no WebGL.
beforeAll(() => {
  const constants = new Proxy({}, { get: () => 0 });
  vi.stubGlobal('WebGLRenderingContext', constants);
  vi.stubGlobal('WebGL2RenderingContext', constants);
});

describe('nodeProgramFor', () => {
  it('draws a big graph’s nodes as points, not instanced circles, and a small one’s as circles', async () => {
    const { nodeProgramFor } = await import('./panning.ts');
    const { NodeCircleProgram, NodePointProgram } = await import('sigma/rendering');
    // Instanced circles are drawn one instance at a time by a software renderer: seconds a frame.
    expect(nodeProgramFor(LIGHT_MOVE_FROM).prototype).toBeInstanceOf(NodePointProgram);
    expect(nodeProgramFor(50_000).prototype).toBeInstanceOf(NodePointProgram);
    expect(nodeProgramFor(LIGHT_MOVE_FROM - 1)).toBe(NodeCircleProgram);
  });
});
