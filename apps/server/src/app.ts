import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import {
  DEFAULT_LOCALE,
  isLocale,
  LINK_UPLOAD_MAX_BYTES,
  type Locale,
  ZHealthResponse,
} from '@linkwatch/shared';
import { translate } from '@linkwatch/shared/i18n';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { ping } from './db/client.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { requestLocale } from './http/locale.ts';
import { API_PREFIX } from './http/prefix.ts';
import { RequestLog } from './http/request-log.ts';
import { withTagManager } from './http/tag-manager-csp.ts';
import { validatorCompiler } from './http/validator.ts';
import { actionRoutes } from './modules/actions/actions.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { alertRoutes } from './modules/alerts/alerts.routes.ts';
import { anchorRoutes } from './modules/anchors/anchors.routes.ts';
import { registerApiKeyAuthentication } from './modules/api-keys/api-key-auth.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { authRoutes, resendConfirmationRoutes } from './modules/auth/auth.routes.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import { balanceRoutes } from './modules/balance/balance.routes.ts';
import { batchRoutes } from './modules/batch/batch.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { crawlerRoutes } from './modules/crawlers/index.ts';
import { disavowRoutes } from './modules/disavow/disavow.routes.ts';
import { domainCheckRoutes } from './modules/domain-check/domain-check.routes.ts';
import { domainRoutes } from './modules/domains/domains.routes.ts';
import { evidenceRoutes } from './modules/evidence/evidence.routes.ts';
import { faviconRoutes } from './modules/favicons/favicons.routes.ts';
import { graphRoutes } from './modules/graph/graph.routes.ts';
import { indexHistoryRoutes } from './modules/index-histories/index-histories.routes.ts';
import { indexNowRoutes } from './modules/index-now/index-now.routes.ts';
import { linkRoutes } from './modules/links/links.routes.ts';
import { mailingRoutes } from './modules/mailings/mailings.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { pageLogRoutes } from './modules/page-logs/page-logs.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { campaignRoutes } from './modules/projects/campaigns.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { registerWebSocket } from './modules/realtime/realtime.routes.ts';
import { referralRedirectRoutes, referralRoutes } from './modules/referral/referral.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { scheduleRoutes } from './modules/schedules/schedules.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { tierRoutes } from './modules/tiers/tiers.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { wikiPages } from './modules/wiki/wiki.pages.ts';
import { wikiRoutes } from './modules/wiki/wiki.routes.ts';
import { pagePreloads } from './web-preloads.ts';
import { publicPageHtml } from './web-public-pages.ts';

/** Every feature's routes, in one list: a new feature adds one line here. */
const features = [
  authRoutes,
  resendConfirmationRoutes,
  userRoutes,
  settingsRoutes,
  pageLogRoutes,
  projectRoutes,
  categoryRoutes,
  indexNowRoutes,
  campaignRoutes,
  linkRoutes,
  indexHistoryRoutes,
  anchorRoutes,
  domainRoutes,
  actionRoutes,
  notificationRoutes,
  reportRoutes,
  mailingRoutes,
  scheduleRoutes,
  alertRoutes,
  balanceRoutes,
  paymentRoutes,
  referralRoutes,
  crawlerRoutes,
  faviconRoutes,
  adminRoutes,
  wikiRoutes,
  domainCheckRoutes,
  apiKeyRoutes,
  webhookRoutes,
  teamRoutes,
  disavowRoutes,
  tierRoutes,
  graphRoutes,
  evidenceRoutes,
  batchRoutes,
];

/** How the OpenAPI document tells a client to authenticate (issue 32). */
const API_KEY_AUTH_DESCRIPTION = [
  'Send `Authorization: Bearer <token>`. The token is either the access token a login answers (the web',
  "app's session) or a personal API key made on the Profile page (`POST /api/user/api-keys`; it starts",
  'with `lwk_` and is shown once). A key acts as its owner within its scopes: `read` for every GET, `write`',
  'for every other method, `tasks` for starting tasks (`POST /api/actions/{action}/start`, which spends',
  "credits). A call outside the key's scopes answers 403; managing API keys, changing the password and the",
  'operator console need a session. Each key may make API_KEY_RATE_PER_MINUTE requests a minute (120 by',
  'default); past that the answer is 429 with `Retry-After`. A revoked or expired key is refused at once (401).',
].join(' ');

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new RequestLog(),
    trustProxy: proxyTrust(ctx.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      // The tag manager's hosts are added only when TAG_MANAGER_ID is set (http/tag-manager-csp.ts).
      directives: withTagManager(
        {
          // No inline script, no eval, no handler attributes (helmet's script-src-attr 'none'): text a user
          // typed can never run, even if it once reached the page as HTML. The captcha's hosts are allowed
          // by path only: a whole www.google.com would let in its JSONP endpoints, a known CSP bypass.
          scriptSrc: ["'self'", ...CAPTCHA_SCRIPTS],
          frameSrc: ["'self'", ...CAPTCHA_FRAMES, ...VIDEO_FRAMES],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          connectSrc: [ownOriginAndWebSocket],
          // Local installs are served over plain http; upgrading would break them.
          upgradeInsecureRequests: null,
        },
        ctx.config.tagManager.id,
      ),
    },
  });
  await app.register(underPressure, {
    maxEventLoopDelay: ctx.config.pressure.maxEventLoopDelayMs,
    maxHeapUsedBytes: ctx.config.pressure.maxHeapUsedBytes,
    sampleInterval: PRESSURE_SAMPLE_MS,
    retryAfter: 10,
    pressureHandler: (req, reply) => {
      // The web app's files are read from disk and cost next to nothing: shedding them would leave a
      // browser with this JSON as its page. Its API calls get the 503, which the app explains.
      if (!req.url.startsWith(`${API_PREFIX}/`)) return;
      reply.code(503).header('retry-after', 10);
      reply.send({ message: translate(requestLocale(req), 'errors.serviceBusy') });
    },
  });
  // API answers and exports go out as brotli or gzip, whichever the client accepts; the web app's
  // assets were compressed at build time and are sent as they are (compress leaves encoded replies alone).
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: LINK_UPLOAD_MAX_BYTES, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Linkwatch API',
        version: '1.0.0',
        description: 'Backlink monitoring, checking and indexing.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: API_KEY_AUTH_DESCRIPTION,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  await registerWebSocket(app, ctx);
  await app.register(
    async (api) => {
      registerAuthentication(api, ctx.db);
      registerApiKeyAuthentication(api, ctx);
      registerErrorHandling(api);
      api.get('/health', { schema: { tags: ['health'], response: { 200: ZHealthResponse } } }, async () => ({
        status: 'ok',
        db: await dbStatus(ctx),
        ...load(app),
      }));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const feature of features) feature(api, ctx);
    },
    { prefix: API_PREFIX },
  );

  // The wiki's public pages, sitemaps, feeds and robots.txt: server-written HTML for crawlers (issue 30).
  wikiPages(app, ctx);
  // Referral links are the app's own URLs (issue 29), outside the API's prefix.
  referralRedirectRoutes(app, ctx);
  registerWebApp(app, ctx.config);
  return app;
}

/** reCAPTCHA, the one third-party script the web app loads (features/auth/Captcha.tsx). */
export const CAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
/** The wiki's players, framed only after the reader presses play (privacy hosts, by path). */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com/embed/', 'https://player.vimeo.com/video/'];

/**
 * The live-events socket of the host that served the page, and no other: older browsers do not read
 * `'self'` as covering ws: and wss:. A Host that is not a plain host[:port] gets `'self'` alone.
 */
function ownOriginAndWebSocket(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(host)
    ? `'self' ws://${host} wss://${host}`
    : "'self'";
}

/** Fastify counts hops with a function (its types do not take the number proxy-addr would). */
function proxyTrust(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** What the pressure limits watch, for monitoring: event-loop lag and memory of this process. */
/** How often the pressure guard measures the event loop. */
const PRESSURE_SAMPLE_MS = 1000;

function load(app: FastifyInstance) {
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  // The guard reports Infinity when the loop never turned in a whole sample (held by a long parse):
  // the delay was at least that sample, and JSON has no Infinity.
  const delay = app.memoryUsage().eventLoopDelay;
  return {
    eventLoopDelayMs: Number.isFinite(delay) ? Math.round(delay) : PRESSURE_SAMPLE_MS,
    memory: {
      rssMb: mb(rss),
      heapTotalMb: mb(heapTotal),
      heapUsedMb: mb(heapUsed),
      externalMb: mb(external),
    },
  };
}

/** How long the health check waits for the database before it answers `busy`. */
const DB_PROBE_MS = 500;

/**
 * The database's state without waiting on it: a monitor asks whether this process answers, and a long
 * statement holding the database (the embedded one runs one at a time) is not a dead process.
 */
async function dbStatus(ctx: AppContext): Promise<'ok' | 'busy' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const busy = new Promise<'busy'>((resolve) => {
    timer = setTimeout(() => resolve('busy'), DB_PROBE_MS);
  });
  const probe = ping(ctx.db).then(
    () => 'ok' as const,
    () => 'down' as const,
  );
  try {
    return await Promise.race([probe, busy]);
  } finally {
    clearTimeout(timer);
  }
}

/** The built SPA: static files, and index.html for any other path so the client router decides. */
function registerWebApp(app: FastifyInstance, { webDist, appUrl }: Pick<Config, 'webDist' | 'appUrl'>) {
  const index = path.join(webDist, 'index.html');
  if (existsSync(index)) {
    app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Routes per file found at start; newer files (a rebuild) are served by the not-found handler below.
      wildcard: false,
      // The .br and .gz written beside each asset by the build, for browsers that accept them.
      preCompressed: true,
      // Source maps stay private even if a build leaves them in dist.
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send({ message: 'Not found' });
    if (req.url.startsWith('/assets/') || isSourceMap(req.url.split('?')[0])) {
      // A missing asset is a 404, not the app: a stale chunk must fail so the client can reload once.
      const file = path.normalize(req.url.split('?')[0]).replace(/^(\.\.[/\\])+/, '');
      if (isSourceMap(file) || !existsSync(path.join(webDist, file))) {
        return reply.code(404).send({ message: 'Not found' });
      }
      return reply.sendFile(file, webDist);
    }
    if (!existsSync(index)) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const file = localeIndexFile({ webDist, url: req.url, cookie: req.headers.cookie });
    const locale = pageLocale(req.url, req.headers.cookie);
    const html = publicPageHtml({
      html: await readFile(path.join(webDist, file), 'utf8'),
      url: req.url,
      locale,
      appUrl,
    });
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(html.replace('  </head>', `${pagePreloads({ webDist, url: req.url, html })}  </head>`));
  });
}

/**
 * The locale a page is shown in, as the web app decides it: the URL's prefix (`/ru/...`), else the
 * `locale` cookie, else the default.
 */
export function pageLocale(url: string, cookie: string | undefined): Locale {
  const first = url.split('?')[0].split('/')[1];
  if (isLocale(first)) return first;
  const saved = /(?:^|;\s*)locale=([^;]*)/.exec(cookie ?? '')?.[1];
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/**
 * The login layout's pages (login, registration, the password pages), as the web app's `isGuestPath`:
 * their first load needs only the guest part of the language catalog.
 */
export function isGuestPage(url: string): boolean {
  const [, first = '', ...rest] = url.split('?')[0].split('/');
  const page = isLocale(first) ? rest[0] : first;
  return page === 'login' || page === 'register';
}

/**
 * The page of a request (written by the web build): the `lang` of its locale and a preload of that
 * language's catalog, whole or, on a guest page, its guest part. The plain index.html without them.
 */
function localeIndexFile({
  webDist,
  url,
  cookie,
}: {
  webDist: string;
  url: string;
  cookie?: string;
}): string {
  const locale = pageLocale(url, cookie);
  const files = [...(isGuestPage(url) ? [`index.${locale}.guest.html`] : []), `index.${locale}.html`];
  return files.find((file) => existsSync(path.join(webDist, file))) ?? 'index.html';
}

function isSourceMap(pathName: string): boolean {
  return pathName.endsWith('.map');
}
