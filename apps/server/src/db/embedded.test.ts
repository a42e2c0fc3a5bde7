import { spawn } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, makeProject, makeUserWithToken } from '../test/factories.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { openPglite } from './client.ts';
import { embeddedSocketDir } from './embedded.ts';

const SERVER_DIR = new URL('../..', import.meta.url).pathname;
const UPLOAD_LINES = 20_000;
/**
 * The aim is that no call of another user waits 500 ms (issue 24; embedded.bench.ts measures it).
 * Here, on a machine shared with other work, a call may wait out the first step of the server's first
 * upload (its triggers and plans are prepared then), so the test holds the slowest call against the
 * upload's own time: on the API's event loop a call waits for nearly all of it.
 */
const SLOWEST_SHARE_OF_UPLOAD = 0.25;
const MEDIAN_OTHER_CALL_MS = 500;
const HEALTH_MS = 1_500;

/**
 * The real server (`src/main.ts`) on the embedded database, as `npm start` runs it: a statement of
 * many seconds holds the database, never the process that answers HTTP.
 */
describe('the embedded database off the API event loop', () => {
  let dataDir: string;
  let server: ServerProcess;
  let uploader: { token: string; campaignId: number };
  let other: { token: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lw-embedded-'));
    // Seeded before the server starts, with the files opened in this process (the server is not up).
    const seed = await openPglite(dataDir);
    await seed.migrate();
    const a = await makeUserWithToken(seed.db);
    const project = await makeProject(seed.db, { userId: a.user.id });
    const campaign = await makeCampaign(seed.db, { userId: a.user.id, projectId: project.id });
    uploader = { token: a.token, campaignId: campaign.id };
    other = { token: (await makeUserWithToken(seed.db)).token };
    await seed.close();
    server = await startServerProcess({
      role: 'all',
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      startTimeoutMs: 60_000,
    });
  }, 90_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A call with a token, or (a monitor's) without. */
  const call = async (url: string, token?: string, init: RequestInit = {}) => {
    const started = performance.now();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${server.origin}/api/${url}`, { ...init, headers });
    // biome-ignore lint/suspicious/noExplicitAny: the answers are read by the assertions
    const body: any = await res.json();
    return { status: res.status, body, ms: performance.now() - started };
  };

  it("answers another user's calls and searches within moments while a 20,000-line upload is stored and after, never 503", async () => {
    const form = new FormData();
    form.append('campaign', String(uploader.campaignId));
    const lines = Array.from(
      { length: UPLOAD_LINES },
      (_, i) => `https://donor${i % 97}.example.org/article-${i}`,
    );
    form.append('file', new Blob([lines.join('\n')]), 'links.txt');
    let done = false;
    const uploading = call('links/upload', uploader.token, { method: 'POST', body: form }).then((answer) => {
      // A little longer: what the upload leaves to do after its answer (merging its search entries)
      // must not hold the others either.
      setTimeout(() => {
        done = true;
      }, 1_500);
      return answer;
    });
    // The other user loads a page and searches (the search reads the trigram indexes the upload fills).
    const urls = ['user/me', `links?filter[query]=${encodeURIComponent('article-4242')}`];
    const answers: { status: number; ms: number }[] = [];
    for (let i = 0; !done; i += 1) {
      answers.push(await call(urls[i % urls.length], other.token));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const upload = await uploading;
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.data.attributes.added).toBe(UPLOAD_LINES);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    expect(times.at(-1)).toBeLessThan(upload.ms * SLOWEST_SHARE_OF_UPLOAD);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(MEDIAN_OTHER_CALL_MS);
    // The upload took long enough for the other user to have asked many times meanwhile.
    expect(answers.length).toBeGreaterThan(10);
  }, 120_000);

  it('answers /api/health at once, database busy and no 503, while a long statement holds the database', async () => {
    const client = new pg.Client({
      host: await embeddedSocketDir(dataDir),
      port: 5432,
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    try {
      const sleeping = client.query('select pg_sleep(3)');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await call('health');
      expect(health.status).toBe(200);
      expect(health.body.db).toBe('busy');
      expect(health.ms).toBeLessThan(HEALTH_MS);
      await sleeping;
      const after = await call('health');
      expect(after).toMatchObject({ status: 200, body: { db: 'ok' } });
    } finally {
      await client.end();
    }
  }, 30_000);

  it('runs a CLI command while the server runs: the server sees what it wrote at once', async () => {
    const email = `cli-${Date.now()}@example.com`;
    const password = 'a long enough secret';
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/index.ts', 'user:create', '--email', email, '--password', password],
      { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, stdio: 'pipe' },
    );
    let printed = '';
    cli.stdout.on('data', (chunk) => {
      printed += chunk;
    });
    cli.stderr.on('data', (chunk) => {
      printed += chunk;
    });
    const code = await new Promise((resolve) => cli.once('exit', resolve));
    expect(code, printed).toBe(0);
    const login = await fetch(`${server.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
  }, 60_000);

  it('stops on SIGTERM, its database written and its socket gone; a restart finds every row', async () => {
    const socket = path.join(await embeddedSocketDir(dataDir), '.s.PGSQL.5432');
    await server.kill('SIGTERM');
    expect(server.child.exitCode, server.output()).toBe(0);
    await expect(access(socket)).rejects.toThrow();
    server = await startServerProcess({
      role: 'all',
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      startTimeoutMs: 60_000,
    });
    const count = await call(`links/count?filter[campaign]=${uploader.campaignId}`, uploader.token);
    expect(count).toMatchObject({ status: 200, body: { data: { count: UPLOAD_LINES } } });
  }, 90_000);
});
