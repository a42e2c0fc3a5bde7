import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';

/** The one place that reads process.env. Defaults run locally with no setup. */
const flag = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false');

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  APP_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Linkwatch <no-reply@linkwatch.local>'),
  LOG_LEVEL: z.string().default('info'),
  CAPTCHA_VERIFY_URL: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  // spec 7: a Google Tag Manager container (GTM-XXXXXXX); unset, none is loaded.
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'a Google Tag Manager container id, e.g. GTM-ABC1234')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CHECKER_ALLOW_PRIVATE_NETWORKS: flag,
  // Alerts in Telegram (issue 32): the operator's bot; without a token the feature says it is off.
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BASE_URL: z.url().default('https://api.telegram.org'),
  CHECKER_CONCURRENCY: z.coerce.number().int().positive().default(64),
  /** Headless Chromium browsers for rendered checks (issue 31); 0 turns rendering off. */
  RENDER_BROWSERS: z.coerce.number().int().min(0).max(16).default(1),
  RENDER_PAGES_PER_BROWSER: z.coerce.number().int().positive().max(16).default(4),
  RENDER_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  RENDER_CHROMIUM_PATH: z.string().default('/usr/lib/chromium/chromium-headless-shell'),
  /** Days the evidence of a link's state changes (and its screenshots) is kept (issue 31). */
  EVIDENCE_RETENTION_DAYS: z.coerce.number().int().positive().max(3650).default(180),
  /**
   * Which state changes are photographed: `changes` (a link's first check, which "changes" everything from
   * nothing, is not, so checking many new links stays as fast as the HTML check) or `all`.
   */
  EVIDENCE_SCREENSHOTS: z.enum(['changes', 'all']).default('changes'),
  CHECKER_PER_HOST: z.coerce.number().int().positive().default(2),
  CHECKER_HOST_DELAY_MS: z.coerce.number().int().min(0).default(0),
  // The public domain check (issue 30): checks a client address may run a day, and all addresses together.
  PUBLIC_CHECKS_PER_ADDRESS: z.coerce.number().int().min(0).default(20),
  PUBLIC_CHECKS_PER_DAY: z.coerce.number().int().min(0).default(2000),
  // The wiki's uploaded videos (issue 30): the largest file an operator may upload, in megabytes.
  WIKI_VIDEO_MAX_MB: z.coerce.number().positive().max(2000).default(200),
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DEMO: z.string().optional(),
  DEMO_WEB_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  MAX_HEAP_USED_MB: z.coerce.number().int().min(0).optional(),
  WELCOME_CREDITS: z.coerce.number().int().min(0).default(100),
  // The partner programme (issue 29): the attribution cookie's life, the commissions' hold (the
  // refund window) and the smallest payout in dollars (the operator may change it in the console).
  REFERRAL_COOKIE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  REFERRAL_HOLD_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  REFERRAL_MIN_PAYOUT: z.coerce.number().min(0).max(100_000).default(50),
  AUTHORITY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  OPENPAGERANK_API_KEY: z.string().optional(),
  OPENPAGERANK_BASE_URL: z.url().default('https://openpagerank.com'),
  OPENPAGERANK_RATE_PER_SECOND: z.coerce.number().positive().default(2.5),
  OPENPAGERANK_CONCURRENCY: z.coerce.number().int().positive().default(2),
  MOZ_API_TOKEN: z.string().optional(),
  MOZ_ACCESS_ID: z.string().optional(),
  MOZ_SECRET_KEY: z.string().optional(),
  MOZ_BASE_URL: z.url().default('https://lsapi.seomoz.com'),
  MOZ_RATE_PER_SECOND: z.coerce.number().positive().default(0.1),
  MOZ_CONCURRENCY: z.coerce.number().int().positive().default(1),
  SEMRUSH_API_KEY: z.string().optional(),
  SEMRUSH_BASE_URL: z.url().default('https://api.semrush.com'),
  SEMRUSH_DATABASE: z
    .string()
    .regex(/^[a-z-]{2,8}$/)
    .default('us'),
  SEMRUSH_RATE_PER_SECOND: z.coerce.number().positive().default(5),
  SEMRUSH_CONCURRENCY: z.coerce.number().int().positive().default(5),
  FACEBOOK_API_KEY: z.string().optional(),
  FACEBOOK_BASE_URL: z.url().default('https://graph.facebook.com'),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v24.0'),
  // The URL node allows 10 reads of one URL per app per hour; the app's own limit is shared with its other uses.
  FACEBOOK_RATE_PER_SECOND: z.coerce.number().positive().default(1),
  FACEBOOK_CONCURRENCY: z.coerce.number().int().positive().default(2),
  AHREFS_API_KEY: z.string().optional(),
  AHREFS_BASE_URL: z.url().default('https://api.ahrefs.com'),
  AHREFS_RATE_PER_SECOND: z.coerce.number().positive().default(1),
  AHREFS_PAGE_SIZE: z.coerce.number().int().min(1).max(100_000).default(1_000),
  AHREFS_MAX_ROWS: z.coerce.number().int().min(1).default(100_000),
  INDEX_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  INDEX_CHECK_CONFIRM_AFTER_MINUTES: z.coerce.number().min(0).max(1440).default(30),
  SERPER_API_KEY: z.string().optional(),
  SERPER_BASE_URL: z.url().default('https://google.serper.dev'),
  SERPER_RATE_PER_SECOND: z.coerce.number().positive().default(5),
  SERPER_CONCURRENCY: z.coerce.number().int().positive().default(10),
  SERPAPI_API_KEY: z.string().optional(),
  SERPAPI_BASE_URL: z.url().default('https://serpapi.com'),
  SERPAPI_RATE_PER_SECOND: z.coerce.number().positive().default(0.25),
  SERPAPI_CONCURRENCY: z.coerce.number().int().positive().default(5),
  DATAFORSEO_LOGIN: z.string().optional(),
  DATAFORSEO_PASSWORD: z.string().optional(),
  DATAFORSEO_BASE_URL: z.url().default('https://api.dataforseo.com'),
  DATAFORSEO_RATE_PER_SECOND: z.coerce.number().positive().default(5),
  DATAFORSEO_CONCURRENCY: z.coerce.number().int().min(1).max(30).default(25),
  INDEXING_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  INDEXING_REFUND_AFTER_DAYS: z.coerce.number().min(0).max(90).default(7),
  SPEEDYINDEX_API_KEY: z.string().optional(),
  SPEEDYINDEX_BASE_URL: z.url().default('https://api.speedyindex.com'),
  RAPIDURLINDEXER_API_KEY: z.string().optional(),
  RAPIDURLINDEXER_BASE_URL: z.url().default('https://rapidurlindexer.com'),
  INDEXNOW_ENABLED: flag,
  INDEXNOW_BASE_URL: z.url().default('https://api.indexnow.org'),
  GOOGLE_INDEXING_CREDENTIALS_FILE: z.string().optional(),
  GOOGLE_INDEXING_BASE_URL: z.url().default('https://indexing.googleapis.com'),
  GOOGLE_INDEXING_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_INDEXING_DAILY_QUOTA: z.coerce.number().int().min(1).default(200),
  SELLER_NAME: z.string().default('Linkwatch'),
  SELLER_ADDRESS: z.string().optional(),
  SELLER_VAT: z.string().optional(),
  SELLER_REG_CODE: z.string().optional(),
  SELLER_EMAIL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_BASE_URL: z.url().default('https://api.stripe.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_BASE_URL: z.url().default('https://api-m.paypal.com'),
  NOWPAYMENTS_API_KEY: z.string().optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().optional(),
  NOWPAYMENTS_BASE_URL: z.url().default('https://api.nowpayments.io'),
  WEBHOOK_SECRET_KEY: z.string().optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
});

/**
 * Whose `X-Forwarded-For` to believe: nobody by default (a client could name any address and dodge
 * the login limit), a hop count (`1` behind one load balancer), or the proxies' addresses and CIDRs.
 */
function trustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const REPO_DATA_DIR = path.resolve(new URL('../../../data', import.meta.url).pathname);

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = ZEnv.parse(env);
  // npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : REPO_DATA_DIR;
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    role: e.ROLE,
    appUrl: (e.APP_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${port}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    captcha: { verifyUrl: e.CAPTCHA_VERIFY_URL, secret: e.CAPTCHA_SECRET, siteKey: e.CAPTCHA_SITE_KEY },
    tagManager: { id: e.TAG_MANAGER_ID },
    checker: {
      allowPrivateNetworks: e.CHECKER_ALLOW_PRIVATE_NETWORKS,
      concurrency: e.CHECKER_CONCURRENCY,
      perHost: e.CHECKER_PER_HOST,
      hostDelayMs: e.CHECKER_HOST_DELAY_MS,
    },
    render: {
      browsers: e.RENDER_BROWSERS,
      pagesPerBrowser: e.RENDER_PAGES_PER_BROWSER,
      timeoutMs: e.RENDER_TIMEOUT_MS,
      executablePath: e.RENDER_CHROMIUM_PATH,
    },
    evidence: {
      retentionDays: e.EVIDENCE_RETENTION_DAYS,
      shotsAtFirstCheck: e.EVIDENCE_SCREENSHOTS === 'all',
    },
    worker: { leaseSeconds: e.WORKER_LEASE_SECONDS },
    publicCheck: { perAddress: e.PUBLIC_CHECKS_PER_ADDRESS, perDay: e.PUBLIC_CHECKS_PER_DAY },
    wiki: { videoMaxBytes: Math.floor(e.WIKI_VIDEO_MAX_MB * 2 ** 20) },
    /**
     * Alert channels: Telegram through our own bot (users connect a chat by a start link, never type a
     * token); Slack through each user's incoming webhook, refused unless on hooks.slack.com when private
     * networks are (CHECKER_ALLOW_PRIVATE_NETWORKS opens both for tests and private installs).
     */
    alerts: {
      telegram: {
        botToken: e.TELEGRAM_BOT_TOKEN || undefined,
        baseUrl: e.TELEGRAM_BASE_URL.replace(/\/$/, ''),
      },
      allowPrivateNetworks: e.CHECKER_ALLOW_PRIVATE_NETWORKS,
      timeoutMs: 10_000,
    },
    demo: e.DEMO !== '0' && !e.DATABASE_URL,
    demoWebPort: e.DEMO_WEB_PORT ?? (port === 0 ? 3001 : port + 1),
    trustProxy: trustProxy(e.TRUST_PROXY),
    pressure: {
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      // A process near V8's heap limit dies of it; refusing new requests first lets it recover.
      maxHeapUsedBytes:
        (e.MAX_HEAP_USED_MB ?? Math.floor((v8.getHeapStatistics().heap_size_limit * 0.9) / 2 ** 20)) *
        2 ** 20,
    },
    /**
     * Authority services for the trust check (action 4); one is on when its key (Moz: a token, or the
     * legacy access id and secret key) is set. Default rates keep under each service's documented
     * limits: Open PageRank's 10,000 requests an hour, Moz's free access (one request every 10 s; set
     * your plan's), Semrush's 10 requests a second.
     */
    /**
     * The backlink data service action 10 pulls from: Ahrefs API v3 when its key is set. 60 requests a
     * minute is Ahrefs' documented limit; a pull takes at most AHREFS_MAX_ROWS backlinks (a bigger
     * site is refused, not cut short: the rows left out would turn RIP).
     */
    crawlers: {
      ahrefs: {
        apiKey: e.AHREFS_API_KEY || undefined,
        baseUrl: e.AHREFS_BASE_URL,
        ratePerSecond: e.AHREFS_RATE_PER_SECOND,
        concurrency: 1,
        // A page of 1,000 backlinks can take a while: the official client waits 60 s.
        timeoutMs: 60_000,
        pageSize: e.AHREFS_PAGE_SIZE,
        maxRows: e.AHREFS_MAX_ROWS,
      },
    },
    authority: {
      timeoutMs: e.AUTHORITY_TIMEOUT_MS,
      openpagerank: {
        apiKey: e.OPENPAGERANK_API_KEY || undefined,
        baseUrl: e.OPENPAGERANK_BASE_URL,
        ratePerSecond: e.OPENPAGERANK_RATE_PER_SECOND,
        concurrency: e.OPENPAGERANK_CONCURRENCY,
      },
      moz: {
        token: e.MOZ_API_TOKEN || undefined,
        accessId: e.MOZ_ACCESS_ID || undefined,
        secretKey: e.MOZ_SECRET_KEY || undefined,
        baseUrl: e.MOZ_BASE_URL,
        ratePerSecond: e.MOZ_RATE_PER_SECOND,
        concurrency: e.MOZ_CONCURRENCY,
      },
      semrush: {
        apiKey: e.SEMRUSH_API_KEY || undefined,
        baseUrl: e.SEMRUSH_BASE_URL,
        database: e.SEMRUSH_DATABASE,
        ratePerSecond: e.SEMRUSH_RATE_PER_SECOND,
        concurrency: e.SEMRUSH_CONCURRENCY,
      },
      facebook: {
        apiKey: e.FACEBOOK_API_KEY || undefined,
        baseUrl: e.FACEBOOK_BASE_URL,
        version: e.FACEBOOK_GRAPH_VERSION,
        ratePerSecond: e.FACEBOOK_RATE_PER_SECOND,
        concurrency: e.FACEBOOK_CONCURRENCY,
        // Graph API's rate limits are counted over an hour and its errors carry no Retry-After.
        rateLimitBackoffMs: 15 * 60_000,
      },
    },
    /**
     * SERP services for the index check (action 1); one is on when its key (DataForSEO: login and
     * password) is set. Default rates keep under each service's documented limits: Serper's smallest
     * plan (5/s), SerpApi's hourly throughput (20% of the monthly searches per hour: 1,000/h on the
     * Developer plan), DataForSEO's advice of a steady few hundred a minute (and at most 30 open).
     */
    indexCheck: {
      timeoutMs: e.INDEX_CHECK_TIMEOUT_MS,
      /** With one service, a first "not indexed" is asked again this much later before it counts. */
      confirmAfterMs: e.INDEX_CHECK_CONFIRM_AFTER_MINUTES * 60_000,
      serper: {
        apiKey: e.SERPER_API_KEY || undefined,
        baseUrl: e.SERPER_BASE_URL,
        ratePerSecond: e.SERPER_RATE_PER_SECOND,
        concurrency: e.SERPER_CONCURRENCY,
      },
      serpapi: {
        apiKey: e.SERPAPI_API_KEY || undefined,
        baseUrl: e.SERPAPI_BASE_URL,
        ratePerSecond: e.SERPAPI_RATE_PER_SECOND,
        concurrency: e.SERPAPI_CONCURRENCY,
      },
      dataforseo: {
        login: e.DATAFORSEO_LOGIN || undefined,
        password: e.DATAFORSEO_PASSWORD || undefined,
        baseUrl: e.DATAFORSEO_BASE_URL,
        ratePerSecond: e.DATAFORSEO_RATE_PER_SECOND,
        concurrency: e.DATAFORSEO_CONCURRENCY,
      },
    },
    /**
     * Services for the indexing request (action 3). Donor pages: SpeedyIndex and Rapid URL Indexer,
     * each on when its key is set. The user's own sites: IndexNow (keyless for us, each project has its
     * key; on with INDEXNOW_ENABLED) and Google's Indexing API (on when a service account's key file
     * is named; its daily publish quota is the Google Cloud project's, 200 unless Google granted more).
     * Rates keep under each service's limits: Rapid URL Indexer 100 requests a minute, the Indexing
     * API 380 a minute per project; SpeedyIndex and IndexNow publish none (one request a second).
     */
    indexing: {
      timeoutMs: e.INDEXING_TIMEOUT_MS,
      /** Pages sent and still not indexed this long after are re-checked and refunded. */
      refundAfterMs: e.INDEXING_REFUND_AFTER_DAYS * 86_400_000,
      speedyindex: {
        apiKey: e.SPEEDYINDEX_API_KEY || undefined,
        baseUrl: e.SPEEDYINDEX_BASE_URL,
        ratePerSecond: 1,
        concurrency: 2,
      },
      rapidurlindexer: {
        apiKey: e.RAPIDURLINDEXER_API_KEY || undefined,
        baseUrl: e.RAPIDURLINDEXER_BASE_URL,
        ratePerSecond: 100 / 60,
        concurrency: 2,
      },
      indexnow: {
        enabled: e.INDEXNOW_ENABLED,
        baseUrl: e.INDEXNOW_BASE_URL,
        ratePerSecond: 1,
        concurrency: 2,
      },
      google: {
        credentialsFile: e.GOOGLE_INDEXING_CREDENTIALS_FILE
          ? path.resolve(cwd, e.GOOGLE_INDEXING_CREDENTIALS_FILE)
          : undefined,
        baseUrl: e.GOOGLE_INDEXING_BASE_URL,
        tokenUrl: e.GOOGLE_INDEXING_TOKEN_URL,
        dailyQuota: e.GOOGLE_INDEXING_DAILY_QUOTA,
        ratePerSecond: 5,
        concurrency: 2,
      },
    },
    /**
     * Card payments through Stripe Checkout: on when the secret key and the webhook endpoint's signing
     * secret are both set (a payment is only completed by the webhook). The publishable key is what the
     * settings hand the web app (`stripePublic`).
     */
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY || undefined,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
      baseUrl: e.STRIPE_BASE_URL,
    },
    /**
     * PayPal (Orders v2): on when the REST app's client id and secret and the id of the webhook
     * registered for `<APP_URL>/api/payments/webhooks/paypal` are all set (deliveries are verified
     * with PayPal against that id). Sandbox: https://api-m.sandbox.paypal.com.
     */
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID || undefined,
      clientSecret: e.PAYPAL_CLIENT_SECRET || undefined,
      webhookId: e.PAYPAL_WEBHOOK_ID || undefined,
      baseUrl: e.PAYPAL_BASE_URL,
    },
    /**
     * Crypto through NOWPayments invoices: on when the API key and the IPN secret (which signs the
     * notifications) are both set. Sandbox: https://api-sandbox.nowpayments.io.
     */
    nowpayments: {
      apiKey: e.NOWPAYMENTS_API_KEY || undefined,
      ipnSecret: e.NOWPAYMENTS_IPN_SECRET || undefined,
      baseUrl: e.NOWPAYMENTS_BASE_URL,
    },
    /** Who the payment invoices name as the seller (GET balances/invoice/{id}). */
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS || undefined,
      vatNumber: e.SELLER_VAT || undefined,
      regCode: e.SELLER_REG_CODE || undefined,
      email: e.SELLER_EMAIL || undefined,
    },
    /** Credits a self-registered account gets once, when it confirms its address (0: none). */
    welcomeCredits: e.WELCOME_CREDITS,
    referral: {
      cookieDays: e.REFERRAL_COOKIE_DAYS,
      holdDays: e.REFERRAL_HOLD_DAYS,
      minPayoutCents: Math.round(e.REFERRAL_MIN_PAYOUT * 100),
    },
    /**
     * Outgoing webhooks (issue 32): the key their signing secrets are encrypted with (unset: one made
     * at first use in DATA_DIR/webhook-secret.key, fine for one machine; set it where several do), and
     * how long a delivery waits for the endpoint's answer.
     */
    webhooks: {
      secretKey: e.WEBHOOK_SECRET_KEY || undefined,
      keyFile: path.join(dataDir, 'webhook-secret.key'),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    /** Requests a minute one API key may make (issue 32), counted across every API process. */
    apiKeyRatePerMinute: e.API_KEY_RATE_PER_MINUTE,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
