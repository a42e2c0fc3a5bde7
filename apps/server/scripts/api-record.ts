/**
 * Records how the API answers a fixed set of requests, so a refactor can show it answers byte for
 * byte as before: `npm run api:record -- out.json`, then `npm run api:compare -- before.json out.json`.
 *
 * It starts the real app (the test app: fresh embedded database, SMTP sink, in-process worker),
 * builds one world through the API (a user registered and confirmed by mail, projects, campaigns,
 * links uploaded and checked against the demo's donor web, a schedule, a mailing, a category),
 * then calls every GET operation of /api/openapi.json it can fill with that world's ids, plus a
 * few writes and error cases. Each answer is kept as status, content type and body, with what
 * differs from run to run (times, tokens, loopback ports) replaced by placeholders.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { ActionCode, BalanceTransactionType, ScheduleAction } from '@linkwatch/shared';
import { SAMPLE_PAGES, startSampleWeb } from '../src/demo/sample-web.ts';
import { applyLedgerEntry } from '../src/modules/balance/ledger.ts';
import { startSerperStandIn } from '../src/providers/index-check/stand-ins/serper.ts';
import setupDatabaseSnapshot from '../src/test/global-setup.ts';
import { fillPath, type Operation, readOperations } from '../src/test/openapi-operations.ts';
import { linkIn } from '../src/test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../src/test/test-app.ts';

interface Recorded {
  request: string;
  status: number;
  contentType: string;
  contentDisposition?: string;
  body: unknown;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const outFile = process.argv[2];
if (!outFile) {
  console.error('usage: npm run api:record -- <out.json>');
  process.exit(2);
}

// Fixed inputs: a run at another time of day must build the same world.
const EMAIL = 'recorder@example.com';
const PASSWORD = 'recorder-pass-1';

/** Figures of the process, not of the API: /health reports them as they are at that moment. */
const MEASURES = new Set(['eventLoopDelayMs', 'rssMb', 'heapTotalMb', 'heapUsedMb', 'externalMb']);
const DAY_MS = 86_400_000;

await setupDatabaseSnapshot();
// Search results for the index check: the demo's blog and partners pages are indexed.
const serper = await startSerperStandIn({
  apiKey: 'recorder-key',
  isIndexed: (url) => /\/(blog|partners)/.test(url),
});
const t = await createTestApp({
  env: { SERPER_API_KEY: 'recorder-key', SERPER_BASE_URL: serper.url, SERPER_RATE_PER_SECOND: '1000' },
});
const sampleWeb = await startSampleWeb(0);
const sampleOrigin = `http://127.0.0.1:${(sampleWeb.address() as AddressInfo).port}`;
const recorded: Recorded[] = [];

try {
  const world = await buildWorld(t);
  for (const call of await plannedCalls(t, world)) recorded.push(await record(t, world.token, call));
  await writeFile(outFile, `${JSON.stringify(normalise(recorded), null, 1)}\n`);
  console.log(`${recorded.length} answers recorded in ${outFile}`);
} finally {
  sampleWeb.close();
  await t.close();
  await serper.close();
}

async function must(label: string, res: Awaited<ReturnType<TestApp['api']>>) {
  if (res.status >= 300) throw new Error(`${label}: ${res.status} ${res.text}`);
  return res.body;
}

/** The world every recorded request reads: built only through the API, in a fixed order. */
async function buildWorld(t: TestApp) {
  const signup = { name: 'Recorder', email: EMAIL, password: PASSWORD, passwordConfirmation: PASSWORD };
  await must('register', await t.api('POST', 'auth/register', { body: signup }));
  const code = new URL(linkIn(t.smtp.to(EMAIL)[0], '/confirm-email/')).pathname.split('/').pop();
  await must('confirm', await t.api('GET', `auth/confirm-email/${code}`));
  const login = await must(
    'login',
    await t.api('POST', 'auth/login', { body: { email: EMAIL, password: PASSWORD } }),
  );
  const token: string = login.data.attributes.accessToken;
  // Credits through the ledger, as a payment would bring them.
  await applyLedgerEntry(t.db, {
    userId: await me(t, token),
    value: 1000,
    typeId: BalanceTransactionType.TopUp,
  });

  const category = await must(
    'category',
    await t.api('POST', 'categories/', { token, body: { name: 'Shops' } }),
  );
  const created = await must(
    'project',
    await t.api('POST', 'projects/', {
      token,
      body: {
        domains: ['demo-shop.com'],
        name: 'Demo shop',
        campaignName: 'Guest posts',
        category: Number(category.data.id),
      },
    }),
  );
  const projectId = Number(created.data.id);
  const campaignId = Number(created.included[0].id);
  const spare = await must(
    'campaign',
    await t.api('POST', 'campaigns/', { token, body: { project: projectId, name: 'Spare', tier: 2 } }),
  );
  await must(
    'second project',
    await t.api('POST', 'projects/', {
      token,
      body: { domains: ['other-shop.example.com'], name: 'Other', campaignName: 'Other posts' },
    }),
  );

  const urls = Object.keys(SAMPLE_PAGES).map((path) => `${sampleOrigin}${path}`);
  await must('upload', await upload(t, token, campaignId, urls.join('\n')));
  await t.drain();
  const check = await must(
    'check',
    await t.api('POST', `actions/${ActionCode.CheckBacklinks}/start?campaign=${campaignId}`, { token }),
  );
  await t.drain();
  await must(
    'index check',
    await t.api('POST', `actions/${ActionCode.CheckIndexing}/start?campaign=${campaignId}`, { token }),
  );
  await t.drain();
  await must(
    'schedule',
    await t.api('POST', 'schedules/', {
      token,
      body: { action: ScheduleAction.AutoCheckBacklinks, campaign: campaignId },
    }),
  );
  const mailing = await must(
    'mailing',
    await t.api('POST', 'mailings/', { token, body: { email: 'boss@client.example' } }),
  );
  const links = await must(
    'links',
    await t.api('GET', `links?filter[campaign]=${campaignId}&sort=id`, { token }),
  );
  const notifications = await must('notifications', await t.api('GET', 'notifications', { token }));
  return {
    token,
    projectId,
    campaignId,
    spareId: Number(spare.data.id),
    categoryId: Number(category.data.id),
    actionId: Number(check.data.id),
    mailingId: Number(mailing.data.id),
    linkIds: (links.data as { id: string }[]).map((l) => Number(l.id)),
    linkUrls: (links.data as { attributes: { url: string } }[]).map((l) => l.attributes.url),
    notificationIds: (notifications.data as { id: string }[]).map((n) => Number(n.id)),
  };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

async function me(t: TestApp, token: string): Promise<number> {
  return Number((await must('me', await t.api('GET', 'user/me', { token }))).data.id);
}

async function upload(t: TestApp, token: string, campaign: number, text: string) {
  const boundary = '----linkwatchrecorder';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="campaign"\r\n\r\n${campaign}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="links.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n` +
      `--${boundary}--\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/links/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      'x-localization': 'en',
    },
  });
  return { status: res.statusCode, text: res.body, body: JSON.parse(res.body), headers: res.headers };
}

interface Call {
  method: Method;
  url: string;
  body?: unknown;
  /** Sent without the user's token. */
  anonymous?: boolean;
}

/** Query values the world can fill, by parameter name. */
function queryValues(w: World): Record<string, string> {
  return {
    'filter[project]': String(w.projectId),
    'filter[campaign]': String(w.campaignId),
    'filter[link]': String(w.linkIds[0]),
    'filter[action]': String(w.actionId),
    campaign: String(w.campaignId),
    format: 'csv',
  };
}

function pathValues(w: World, op: Operation): Record<string, string> | null {
  const byResource: Record<string, number | undefined> = {
    projects: w.projectId,
    campaigns: w.campaignId,
    categories: w.categoryId,
    links: w.linkIds[0],
    actions: w.actionId,
    mailings: w.mailingId,
  };
  const resource = op.path.split('/')[2];
  const values: Record<string, string> = { action: String(ActionCode.CheckBacklinks), type: 'lost' };
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    if (p.name === 'id' && byResource[resource] !== undefined) values.id = String(byResource[resource]);
    else if (!(p.name in values)) return null;
  }
  return values;
}

/** Every GET it can fill (bare, then with the world's filters), then writes and error cases. */
async function plannedCalls(t: TestApp, w: World): Promise<Call[]> {
  const calls: Call[] = [];
  const gets = (await readOperations(t)).filter((op) => op.method === 'GET');
  const values = queryValues(w);
  for (const op of gets) {
    if (op.path === '/api/openapi.json') continue;
    const path = pathValues(w, op);
    if (!path) continue;
    const url = fillPath(op.path, path).replace(/^\/api\//, '');
    const fillable = op.parameters.filter((p) => p.in === 'query' && values[p.name] !== undefined);
    const required = fillable.filter((p) => p.required);
    calls.push({
      method: 'GET',
      url: withQuery(
        url,
        required.map((p) => [p.name, values[p.name]]),
      ),
    });
    if (fillable.length > required.length)
      calls.push({
        method: 'GET',
        url: withQuery(
          url,
          fillable.map((p) => [p.name, values[p.name]]),
        ),
      });
  }
  const link = w.linkIds[0];
  calls.push(
    { method: 'GET', url: `links/${link}?include=backlinks,histories,indexHistories,crawlers` },
    { method: 'GET', url: `links?filter[campaign]=${w.campaignId}&sort=-id&page[size]=50&page[number]=1` },
    { method: 'GET', url: `links?filter[campaign]=${w.campaignId}&filter[query]=forum` },
    { method: 'GET', url: `actions/${ActionCode.AddToIndex}/balance?campaign=${w.campaignId}` },
    {
      method: 'GET',
      url: `actions/${ActionCode.CheckIndexing}/balance?campaign=${w.campaignId}&links[]=${link}`,
    },
    { method: 'GET', url: `reports/changes/new?filter[project]=${w.projectId}` },
    { method: 'GET', url: 'openapi.json' },
    // Error cases: unknown ids, bad queries and bodies, no token.
    { method: 'GET', url: 'projects/999999' },
    { method: 'GET', url: 'links/999999' },
    { method: 'GET', url: 'links?page[size]=-1' },
    { method: 'GET', url: 'links?filter[campaign]=abc' },
    { method: 'GET', url: 'projects', anonymous: true },
    { method: 'GET', url: 'payments/999999' },
    { method: 'GET', url: 'balances/invoice/999999' },
    { method: 'GET', url: 'links/export/download/no-such-token' },
    { method: 'GET', url: 'auth/confirm-email/no-such-code', anonymous: true },
    {
      method: 'POST',
      url: 'projects/',
      body: { domains: ['good.com', 'http://bad.com'], projectName: '', campaignName: '' },
    },
    { method: 'POST', url: 'campaigns/', body: { project: 999999, name: 'x' } },
    { method: 'POST', url: 'auth/login', body: { email: EMAIL, password: 'wrong' }, anonymous: true },
    { method: 'POST', url: `actions/${ActionCode.CheckBacklinks}/start?campaign=999999` },
    { method: 'PUT', url: `links/${link}`, body: { url: 'not a url' } },
    // Writes, then the reads they change.
    { method: 'PUT', url: `projects/${w.projectId}`, body: { name: 'Demo shop renamed', isFavorite: true } },
    {
      method: 'PUT',
      url: `campaigns/${w.spareId}`,
      body: { name: 'Spare renamed', weekdays: [1, 3], time: '09:30' },
    },
    {
      method: 'PUT',
      url: `links/${link}`,
      body: { url: w.linkUrls[0].replace(/^https?:\/\//, ''), comment: 'recorded comment' },
    },
    { method: 'POST', url: `links/history?links[]=${w.linkIds[1]}` },
    { method: 'POST', url: `links/move?campaign=${w.spareId}&links[]=${w.linkIds[2]}` },
    { method: 'DELETE', url: `notifications/${w.notificationIds[0] ?? 999999}` },
    {
      method: 'PUT',
      url: `mailings/${w.mailingId}`,
      body: { email: 'boss@client.example', actions: true, report: false, wiki: false },
    },
    { method: 'POST', url: `actions/${ActionCode.CheckIndexing}/start?campaign=${w.campaignId}` },
    { method: 'POST', url: `actions/${ActionCode.AddToHistory}/start?campaign=${w.spareId}` },
    { method: 'GET', url: `links?filter[project]=${w.projectId}&sort=id` },
    { method: 'GET', url: `campaigns?filter[project]=${w.projectId}` },
    { method: 'GET', url: 'actions' },
    { method: 'GET', url: 'user/balance' },
    { method: 'GET', url: 'notifications' },
  );
  return calls;
}

function withQuery(url: string, pairs: [string, string][]): string {
  return pairs.length ? `${url}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : url;
}

async function record(t: TestApp, token: string, call: Call): Promise<Recorded> {
  const res = await t.app.inject({
    method: call.method,
    url: `/api/${call.url}`,
    headers: {
      accept: 'application/json',
      'x-localization': 'en',
      ...(call.anonymous ? {} : { authorization: `Bearer ${token}` }),
    },
    payload: call.body as object | undefined,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const disposition = res.headers['content-disposition'];
  return {
    request: `${call.method} ${call.url}${call.body ? ` ${JSON.stringify(call.body)}` : ''}`,
    status: res.statusCode,
    contentType,
    ...(disposition ? { contentDisposition: String(disposition) } : {}),
    body: bodyOf(contentType, res.rawPayload),
  };
}

/** JSON as a value, text as text, anything else by its digest (spreadsheets and PDFs carry their time). */
function bodyOf(contentType: string, raw: Buffer): unknown {
  if (raw.length === 0) return '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return raw.toString('utf8');
    }
  }
  if (/^text\/|csv|xml|javascript/.test(contentType)) return raw.toString('utf8');
  return `<${raw.length} bytes sha256 ${createHash('sha256').update(raw).digest('hex').slice(0, 16)}>`;
}

/** What changes from run to run, replaced by placeholders (the same value keeps one name). */
function normalise(value: unknown): unknown {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const names = new Map<string, string>();
  const named = (kind: string, raw: string) => {
    const key = `${kind}:${raw}`;
    if (!names.has(key)) {
      const count = [...names.keys()].filter((k) => k.startsWith(`${kind}:`)).length;
      names.set(key, `<${kind}${count + 1}>`);
    }
    return names.get(key) as string;
  };
  // A calendar day as days from today, so a chart's last 30 days compare equal on another day.
  const day = (date: string) => {
    const offset = Math.round((Date.parse(date) - today) / DAY_MS);
    return `<today${offset === 0 ? '' : offset > 0 ? `+${offset}` : offset}>`;
  };
  const text = JSON.stringify(value, (key, v) => (MEASURES.has(key) ? '<measure>' : v))
    .replaceAll(sampleOrigin, 'http://<donor-web>')
    .replaceAll(sampleOrigin.replace('http://', ''), '<donor-web>')
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?/g, '<time>')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, day)
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, (m) => named('uuid', m))
    .replace(/\b[0-9a-f]{32,}\b/g, (m) => named('hex', m))
    .replace(/\b\d+\|[A-Za-z0-9]{20,}\b/g, (m) => named('token', m))
    .replace(/[A-Za-z0-9_-]{40,}/g, (m) => named('token', m));
  return JSON.parse(text);
}
