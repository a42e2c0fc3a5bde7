/**
 * `npx tsx bench/embedded.bench.ts`: the embedded database as `npm start` runs it, held against issue
 * 24's aims. The real server (`src/main.ts`, a child process, PGlite in its database thread) on a
 * campaign of 100,000 links, asked over HTTP: every call the campaign page makes on load (p95 under
 * 300 ms), the chart and the search among them; then a 100,000-line txt upload by that user while
 * another user keeps calling (none of their calls waiting 500 ms or more, none answered 503).
 * GET /api/health without a token (one `select 1`) is the yardstick, measured in the same run: the
 * machine is shared. BENCH_EMBEDDED_LINKS and BENCH_EMBEDDED_RUNS change the size and the repetitions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeBenchFigures } from '../../../scripts/bench-figures.mjs';
import { createPglite, wrapPglite } from '../src/db/client.ts';
import { campaigns, projects, users } from '../src/db/schema/index.ts';
import { createAccessToken } from '../src/modules/auth/auth.queries.ts';
import { type ServerProcess, startServerProcess } from '../src/test/server-process.ts';
import { pgliteSeed, seedCampaign } from './bench-db.ts';
import { ms } from './measure.ts';

const LINK_COUNT = Number(process.env.BENCH_EMBEDDED_LINKS ?? 100_000);
const RUNS = Number(process.env.BENCH_EMBEDDED_RUNS ?? 50);
const UPLOAD_LINES = 100_000;
const PAGE_AIM_MS = 300;
const OTHER_USER_AIM_MS = 500;

type Figures = { what: string; figure: string; aim?: string; met?: boolean }[];
const figures: Figures = [];

interface Timing {
  median: number;
  p95: number;
  max: number;
  runs: number;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, runs: sorted.length };
}

/** A user with a project and a campaign, `count` links in it (0: none), and a token. */
async function seedUser(
  db: ReturnType<typeof wrapPglite>['db'],
  client: Parameters<typeof pgliteSeed>[0],
  params: { email: string; count: number },
) {
  const [user] = await db
    .insert(users)
    .values({ name: 'Bench', email: params.email, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({ userId: user.id, name: 'Bench', mainDomain: 'site.example.com', domains: ['site.example.com'] })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: user.id, projectId: project.id, name: 'Bench' })
    .returning();
  const context = { userId: user.id, projectId: project.id, campaignId: campaign.id };
  if (params.count > 0) {
    await seedCampaign(pgliteSeed(client), { ...context, count: params.count });
    // The chart's "checked" and "indexed" bars: one check a link on its last check's day, and the
    // indexed links' index check.
    await client.query(
      `INSERT INTO backlink_check_histories (link_id, status_id, response_code, date)
       SELECT id, 1, response_code, date_check_data FROM links WHERE campaign_id = $1 AND date_check_data IS NOT NULL`,
      [campaign.id],
    );
    await client.query(
      `INSERT INTO index_histories (link_id, value, created_at)
       SELECT id, 1, date_check_data FROM links WHERE campaign_id = $1 AND indexing = 1 AND date_check_data IS NOT NULL`,
      [campaign.id],
    );
    await client.query('VACUUM ANALYZE');
  }
  return { ...context, token: await createAccessToken(db, user.id) };
}

/** The database seeded in this process, before the server starts on it (as a restored backup would be). */
async function seed(dataDir: string) {
  const started = performance.now();
  const client = await createPglite({ dataDir: path.join(dataDir, 'pgdata') });
  const database = wrapPglite(client);
  await database.migrate();
  const owner = await seedUser(database.db, client, { email: 'bench@example.com', count: LINK_COUNT });
  const other = await seedUser(database.db, client, { email: 'other@example.com', count: 0 });
  // The campaign the upload goes to, empty.
  const [target] = await database.db
    .insert(campaigns)
    .values({ userId: owner.userId, projectId: owner.projectId, name: 'Upload' })
    .returning();
  await client.query('CHECKPOINT');
  await database.close();
  console.log(
    `seeded ${LINK_COUNT.toLocaleString('en-US')} links in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { owner, other, uploadCampaignId: target.id };
}

function client(server: ServerProcess) {
  return async (url: string, token?: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity' };
    if (token) headers.authorization = `Bearer ${token}`;
    const started = performance.now();
    const res = await fetch(`${server.origin}/api/${url}`, { ...init, headers });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, body };
  };
}
type Call = ReturnType<typeof client>;

async function timeCalls(runs: number, call: () => Promise<{ status: number; ms: number; body: string }>) {
  await call(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const res = await call();
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${res.body.slice(0, 200)}`);
    samples.push(res.ms);
  }
  return timing(samples);
}

function report(what: string, t: Timing, aimMs?: number) {
  console.log(`${what}: median ${ms(t.median)}, p95 ${ms(t.p95)}, max ${ms(t.max)} (${t.runs} runs)`);
  figures.push({
    what,
    figure: `median ${ms(t.median)}, p95 ${ms(t.p95)} (${t.runs} runs)`,
    ...(aimMs ? { aim: `p95 < ${aimMs} ms`, met: t.p95 < aimMs } : {}),
  });
}

/** Every call the campaign page makes on load, the chart and the search among them. */
async function benchPageCalls(call: Call, owner: { token: string; campaignId: number; projectId: number }) {
  const { token } = owner;
  const c = `filter[campaign]=${owner.campaignId}`;
  const page = async (what: string, url: string, runs = RUNS) =>
    report(what, await timeCalls(runs, () => call(url, token)), PAGE_AIM_MS);
  report('yardstick: GET /api/health (no token, one select 1)', await timeCalls(RUNS, () => call('health')));
  await page('GET links (page 1 of 50, newest first)', `links?${c}`);
  await page(
    'GET links (filter indexing=1, sort -responseCode)',
    `links?${c}&filter[indexing]=1&sort=-responseCode`,
  );
  await page('GET links (page 100, sort url)', `links?${c}&sort=url&page[number]=100`);
  await page('GET links/count (exact)', `links/count?${c}`);
  await page('GET links/counts', `links/counts?${c}`);
  await page('GET links/codes', `links/codes?${c}`);
  await page('GET links/indexing-capability', `links/indexing-capability?${c}`);
  await page('GET links/statistic', `links/statistic?${c}`);
  await page('GET links/chart (30 days; links checked and indexed over 60 days)', `links/chart?${c}`);
  await page('GET anchors/counts', `anchors/counts?filter[project]=${owner.projectId}`, 10);
  // A rare path, a host, a title, three characters matching thousands, and nothing at all, in turn.
  const searches = ['post/77777', 'donor4242.', 'Post 31337', '777', 'nowhere-at-all'];
  let search = 0;
  const nextTerm = () => encodeURIComponent(searches[search++ % searches.length]);
  report(
    'GET links (search filter[query], all campaigns, 5 terms in turn)',
    await timeCalls(RUNS, () => call(`links?filter[query]=${nextTerm()}`, token)),
    PAGE_AIM_MS,
  );
  report(
    'GET links (search filter[query] in the campaign, 5 terms in turn)',
    await timeCalls(RUNS, () => call(`links?${c}&filter[query]=${nextTerm()}`, token)),
    PAGE_AIM_MS,
  );
}

/**
 * The owner uploads a 100,000-line txt into a new campaign; meanwhile another user loads their
 * campaign page again and again (its list, count and the current user), and a monitor asks for
 * health. Every answer's latency is kept.
 */
async function benchUploadUnderLoad(
  call: Call,
  params: {
    owner: { token: string; projectId: number };
    other: { token: string; campaignId: number };
    campaignId: number;
  },
) {
  const lines = Array.from(
    { length: UPLOAD_LINES },
    (_, i) => `https://blog${i % 300}.example.net/article-${i}`,
  );
  const form = new FormData();
  form.append('campaign', String(params.campaignId));
  form.append('file', new Blob([lines.join('\n')]), 'links.txt');
  let done = false;
  const started = performance.now();
  const upload = call('links/upload', params.owner.token, { method: 'POST', body: form }).finally(() => {
    done = true;
  });
  const o = params.other;
  const otherCalls = [
    `links?filter[campaign]=${o.campaignId}`,
    `links/count?filter[campaign]=${o.campaignId}`,
    'user/me',
    `links/chart?filter[campaign]=${o.campaignId}`,
  ];
  const others: number[] = [];
  const health: number[] = [];
  let refused = 0;
  const loop = async (urls: string[], token: string | undefined, into: number[]) => {
    for (let i = 0; !done; i += 1) {
      const res = await call(urls[i % urls.length], token);
      if (res.status === 503) refused += 1;
      else if (res.status !== 200) throw new Error(`${urls[i % urls.length]} answered ${res.status}`);
      into.push(res.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all([loop(otherCalls, o.token, others), loop(['health'], undefined, health)]);
  const answer = await upload;
  const seconds = (performance.now() - started) / 1000;
  const added = JSON.parse(answer.body).data?.attributes?.added;
  if (answer.status !== 200 || added !== UPLOAD_LINES)
    throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  const t = timing(others);
  const h = timing(health);
  console.log(
    `upload ${seconds.toFixed(1)} s; other user: ${t.runs} calls, median ${ms(t.median)}, p95 ${ms(t.p95)}, max ${ms(t.max)}, ${refused} answered 503; health: median ${ms(h.median)}, p95 ${ms(h.p95)}, max ${ms(h.max)}`,
  );
  figures.push(
    {
      what: `upload of a ${UPLOAD_LINES.toLocaleString('en-US')}-line txt`,
      figure: `${seconds.toFixed(1)} s`,
    },
    {
      what: "another user's page calls during that upload (list, count, user, chart)",
      figure: `${t.runs} calls: median ${ms(t.median)}, p95 ${ms(t.p95)}, max ${ms(t.max)}; ${refused} answered 503`,
      aim: `max < ${OTHER_USER_AIM_MS} ms, no 503`,
      met: t.max < OTHER_USER_AIM_MS && refused === 0,
    },
    {
      what: 'GET /api/health during that upload',
      figure: `${h.runs} calls: median ${ms(h.median)}, p95 ${ms(h.p95)}, max ${ms(h.max)}`,
    },
  );
  // The search right after the upload, while its new entries still wait in the trigram indexes'
  // pending lists (merged right after the answer), and the chart with the day's 100,000 new links.
  const term = encodeURIComponent('article-4242');
  const search = await call(`links?filter[query]=${term}`, params.owner.token);
  const chart = await call(`links/chart?filter[campaign]=${params.campaignId}`, params.owner.token);
  console.log(`just after the upload: search ${ms(search.ms)}, chart ${ms(chart.ms)}`);
  figures.push({
    what: 'just after the upload: search filter[query]=article-4242 / chart of the new campaign',
    figure: `${ms(search.ms)} / ${ms(chart.ms)}`,
  });
}

async function main() {
  const started = performance.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lw-bench-embedded-'));
  let server: ServerProcess | null = null;
  try {
    const { owner, other, uploadCampaignId } = await seed(dataDir);
    server = await startServerProcess({
      role: 'all',
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      startTimeoutMs: 120_000,
    });
    const call = client(server);
    await benchPageCalls(call, owner);
    await benchUploadUnderLoad(call, { owner, other, campaignId: uploadCampaignId });
    writeBenchFigures({
      bench: 'API on 100,000 links (embedded database, the real server)',
      order: 21,
      figures,
      notes: `${LINK_COUNT.toLocaleString('en-US')} links in one campaign on the embedded database as \`npm start\` runs it (PGlite in the server's database thread, reached over its socket); calls over HTTP, ${RUNS} runs each; the yardstick is GET /api/health in the same run`,
    });
  } finally {
    await server?.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
