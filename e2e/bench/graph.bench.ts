/**
 * The link graph with 50,000 nodes in Chromium (issue 31's figures): time from navigation to the first
 * frame with the graph in it (handed to the GPU: the page's `graph:first-draw` mark; and on screen), and
 * frames per second while the camera pans. The app is the built one on a fresh embedded database with
 * the demo account; the graph's answer is a generated one (5,000 tier 1 pages, 45,000 tier 2 pages each
 * feeding one, every state), served in place of the project's, so no 50,000-link check has to run first.
 * WebGL runs in Chromium's software renderer (no GPU on these machines): a real GPU draws faster.
 * `npm run build` first (the root `bench` script does).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { writeBenchFigures } from '../../scripts/bench-figures.mjs';
import { startDemoServer } from './demo-server.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TIER_ONE = 5000;
const NODES = 50_000;
const PAN_MS = 3000;
const STATES = ['ok', 'missing', 'error', 'not_indexed', 'unchecked'] as const;

/** The demo account's token and its first project. */
async function demoProject({ url, dataDir }: { url: string; dataDir: string }) {
  const saved = await readFile(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
  const field = (name: string) => saved.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1] ?? '';
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: field('email'), password: field('password') }),
  });
  const token: string = (await login.json()).data.attributes.accessToken;
  const projects = await fetch(`${url}/api/projects`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  const project = (await projects.json()).data[0];
  return { token, projectId: String(project.id), name: String(project.attributes.name) };
}

/** A graph answer of NODES link nodes: the site, TIER_ONE tier 1 pages, the rest tier 2, one edge each. */
function generatedGraph(projectId: string) {
  const kind: string[] = ['site'];
  const id = ['site'];
  const label = ['shop.example'];
  const state: string[] = ['ok'];
  const linkId: (number | null)[] = [null];
  const source: number[] = [];
  const target: number[] = [];
  const counts = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<string, number>;
  for (let i = 1; i <= NODES; i++) {
    const tierOne = i <= TIER_ONE;
    kind.push(tierOne ? 'tier1' : 'tier2');
    id.push(`${tierOne ? 't1' : 't2'}-${i}`);
    label.push(`https://donor-${i}.example/post/${i}`);
    const s = STATES[i % STATES.length];
    state.push(s);
    counts[s] += 1;
    linkId.push(i);
    source.push(tierOne ? 0 : 1 + (i % TIER_ONE));
    target.push(i);
  }
  return {
    data: {
      project: { id: Number(projectId), name: 'Shop', mainDomain: 'shop.example' },
      nodes: { id, kind, label, state, linkId },
      edges: { source, target },
      counts: { state: counts, kind: { tier1: TIER_ONE, tier2: NODES - TIER_ONE } },
    },
  };
}

/** Counts the page's WebGL draw calls in `window.webglDraws` (an init script, before the app runs). */
const COUNT_DRAWS = `(() => {
  window.webglDraws = 0;
  for (const type of [WebGLRenderingContext, WebGL2RenderingContext])
    for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) {
      const draw = type.prototype[name];
      if (draw) type.prototype[name] = function (...args) { window.webglDraws += 1; return draw.apply(this, args); };
    }
})()`;

/**
 * The yardstick, measured in the same browser and run: a bare WebGL page of the same size that moves
 * 50,000 round points (one draw call, a shader that only places and colours them) every frame, with no
 * graph library, edges, labels or app. It is the least any WebGL drawing of that many nodes does per
 * frame here, so it bounds what the graph view can reach on this machine's software renderer.
 */
async function yardstickFps(browser: Browser): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setContent('<canvas id="c" width="1440" height="900" style="display:block"></canvas>');
    // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
    return Number(
      await page.evaluate(`new Promise((resolve) => {
        const gl = document.getElementById('c').getContext('webgl');
        const shader = (type, source) => {
          const s = gl.createShader(type);
          gl.shaderSource(s, source);
          gl.compileShader(s);
          return s;
        };
        const program = gl.createProgram();
        gl.attachShader(program, shader(gl.VERTEX_SHADER,
          'attribute vec2 p; uniform vec2 shift; void main() { gl_Position = vec4(p + shift, 0.0, 1.0); gl_PointSize = 6.0; }'));
        gl.attachShader(program, shader(gl.FRAGMENT_SHADER,
          'precision mediump float; void main() { if (length(gl_PointCoord - 0.5) > 0.5) discard; gl_FragColor = vec4(0.2, 0.5, 0.9, 1.0); }'));
        gl.linkProgram(program);
        gl.useProgram(program);
        const points = new Float32Array(${NODES} * 2);
        for (let i = 0; i < points.length; i++) points[i] = Math.random() * 2 - 1;
        gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
        gl.bufferData(gl.ARRAY_BUFFER, points, gl.STATIC_DRAW);
        const p = gl.getAttribLocation(program, 'p');
        gl.enableVertexAttribArray(p);
        gl.vertexAttribPointer(p, 2, gl.FLOAT, false, 0, 0);
        const shift = gl.getUniformLocation(program, 'shift');
        let frames = 0;
        const started = performance.now();
        const frame = (now) => {
          gl.clearColor(1, 1, 1, 1);
          gl.clear(gl.COLOR_BUFFER_BIT);
          gl.uniform2f(shift, Math.sin(now / 500) * 0.2, Math.cos(now / 700) * 0.2);
          gl.drawArrays(gl.POINTS, 0, ${NODES});
          frames += 1;
          if (now - started < ${PAN_MS}) requestAnimationFrame(frame);
          else resolve((frames * 1000) / (now - started));
        };
        requestAnimationFrame(frame);
      })`),
    );
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'linkwatch-graph-bench-'));
  const { url, child } = await startDemoServer(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  try {
    const { token, projectId } = await demoProject({ url, dataDir });
    const body = JSON.stringify(generatedGraph(projectId));
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'auth._token', value: token, url }]);
    await context.addInitScript(COUNT_DRAWS);
    const page = await context.newPage();
    await page.route('**/api/projects/*/graph', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.goto(`${url}/en/graph/${projectId}`);
    const canvas = page.getByTestId('graph-canvas');
    await canvas.and(page.locator('[data-drawn="true"]')).waitFor({ timeout: 180_000 });
    const firstDraw = await page.evaluate(
      () => performance.getEntriesByName('graph:first-draw')[0]?.startTime ?? Number.NaN,
    );
    // The mark is set when sigma has handed its first frame to the GPU; the software renderer then
    // compiles its shaders and rasterises that frame (several seconds here). The graph is on screen when
    // the page draws again: three animation frames later. Panning starts then, so the frame rate is the
    // pan's own and not the first frame's tail.
    const onScreen = Number(
      await page.evaluate(`new Promise((resolve) => {
        let frames = 0;
        const next = () => (++frames >= 3 ? resolve(performance.now()) : requestAnimationFrame(next));
        requestAnimationFrame(next);
      })`),
    );
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no graph canvas');
    // Frames the graph was drawn in: animation frames in which WebGL drew (COUNT_DRAWS). Counting every
    // animation frame would also count the frames in which nothing moved while the renderer was busy.
    await page.evaluate(`(() => {
      window.framesDrawn = 0;
      window.counting = true;
      let seen = window.webglDraws;
      const tick = () => {
        if (!window.counting) return;
        if (window.webglDraws !== seen) window.framesDrawn += 1;
        seen = window.webglDraws;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const started = Date.now();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    let step = 0;
    while (Date.now() - started < PAN_MS) {
      step += 1;
      const x = box.x + box.width * (0.3 + 0.4 * Math.abs(Math.sin(step / 20)));
      await page.mouse.move(x, box.y + box.height * (0.5 + 0.2 * Math.sin(step / 13)));
    }
    await page.mouse.up();
    const elapsed = Date.now() - started;
    const frames = Number(await page.evaluate('(window.counting = false, window.framesDrawn)'));
    const fps = (frames * 1000) / elapsed;
    const yardstick = await yardstickFps(browser);
    console.log(
      `graph of ${NODES} nodes: first frame handed to the GPU ${firstDraw.toFixed(0)} ms after navigation, on screen ${onScreen.toFixed(0)} ms, panning ${fps.toFixed(1)} fps (${step} mouse moves); yardstick (bare WebGL, ${NODES} points) ${yardstick.toFixed(1)} fps`,
    );
    writeBenchFigures({
      bench: 'graph view (Chromium, software WebGL)',
      order: 52,
      figures: [
        {
          what: `time to first draw, ${NODES.toLocaleString('en')} nodes (from navigation): the frame handed to the GPU`,
          figure: `${(firstDraw / 1000).toFixed(2)} s`,
        },
        {
          what: `time to first draw, ${NODES.toLocaleString('en')} nodes (from navigation): the frame on screen`,
          figure: `${(onScreen / 1000).toFixed(2)} s`,
        },
        {
          what: `frame rate while panning, ${NODES.toLocaleString('en')} nodes (frames drawn)`,
          figure: `${fps.toFixed(1)} fps`,
        },
        {
          what: `yardstick: bare WebGL page moving ${NODES.toLocaleString('en')} points every frame, same size and browser (this machine's ceiling)`,
          figure: `${yardstick.toFixed(1)} fps`,
        },
      ],
      notes:
        "A generated graph answer served in place of the project's; WebGL in SwiftShader (no GPU here), so a machine with a GPU draws faster (most of the time to the screen is SwiftShader compiling shaders and rasterising the first frame). The pan starts once the graph is on screen. Above 5,000 nodes the nodes are WebGL points and the edges one-pixel lines (plain draws, not sigma's instanced circles and rectangles, which SwiftShader draws one instance at a time), and a move draws the nodes only: no edges, labels or picking pass, and no hover look-up while the button is held. The frame rate counts frames in which WebGL drew, not every animation frame.",
    });
    await context.close();
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
