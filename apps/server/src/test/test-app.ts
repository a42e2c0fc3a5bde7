import { createChecker } from '@linkwatch/checker';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { inProcessBus } from '../events/bus.ts';
import { createMailer } from '../mail/mailer.ts';
import { actionEventHooks } from '../modules/actions/action-events.ts';
import { alertTaskListener } from '../modules/alerts/enqueue.ts';
import { taskMailListener } from '../modules/mailings/task-mail.ts';
import { type CaptchaVerifier, captchaOff } from '../providers/captcha/captcha.ts';
import { createProviders } from '../providers/index.ts';
import { createWorker } from '../worker/worker.ts';
import { freshDatabase } from './database.ts';
import { type DonorWeb, startDonorWeb } from './donor-web.ts';
import { startSmtpSink } from './smtp-sink.ts';

export interface TestAppOptions {
  env?: Record<string, string>;
  captcha?: CaptchaVerifier;
}

/** The real app on a fresh database, with mail going over SMTP to a local sink. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database: Database = await freshDatabase();
  const smtp = await startSmtpSink();
  const config = loadConfig({
    DATA_DIR: '/tmp/linkwatch-test',
    APP_URL: 'http://app.test',
    SMTP_URL: smtp.url,
    WEB_DIST: '/nonexistent',
    // Tests hold their own event loop (building big files); the pressure limit is tested on its own.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
  const ctx: AppContext = {
    config,
    db: database.db,
    log,
    mailer: createMailer({ ...config.mail, log }),
    captcha: options.captcha ?? captchaOff,
    providers: createProviders(config),
    events: inProcessBus(),
  };
  const app = await buildApp(ctx);
  await app.ready();
  const checker = createChecker({ allowPrivateNetworks: true, parseThreads: 0, timeoutMs: 5_000 });
  const worker = createWorker(
    { db: ctx.db, checker, providers: ctx.providers, log },
    { hooks: actionEventHooks(ctx, [taskMailListener(ctx), alertTaskListener(ctx)]), pollMs: 20 },
  );
  return {
    app,
    ctx,
    checker,
    /** Runs queued tasks to the end, as the worker loop would. */
    drain: () => worker.drain(),
    worker,
    db: database.db,
    smtp,
    api: apiClient(app),
    async close() {
      await app.close();
      await worker.stop();
      await checker.close();
      await smtp.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `app.inject` with the headers the web app sends. */
function apiClient(app: FastifyInstance) {
  return async (
    method: Method,
    url: string,
    options: {
      body?: unknown;
      token?: string;
      locale?: string;
      headers?: Record<string, string>;
      /** The client's address as the socket shows it (127.0.0.1 unless set). */
      remoteAddress?: string;
    } = {},
  ) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-localization': options.locale ?? 'en',
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request: InjectOptions = {
      method,
      url: `/api/${url.replace(/^\//, '')}`,
      headers,
      remoteAddress: options.remoteAddress,
    };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    const response = await app.inject(request);
    const text = response.body;
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
    return { status: response.statusCode, body: json as any, text, headers: response.headers };
  };
}

/** A test app and the donor web for one test file: started before its tests, closed after them. */
export function withAppAndDonorWeb(options: TestAppOptions = {}) {
  const env = {} as { t: TestApp; web: DonorWeb };
  beforeAll(async () => {
    env.t = await createTestApp(options);
    env.web = await startDonorWeb();
  });
  afterAll(async () => {
    await env.web?.close();
    await env.t?.close();
  });
  return env;
}
