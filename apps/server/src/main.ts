import { freemem } from 'node:os';
import { availableMemoryBytes, createChecker, createRenderer, poolSizeFor } from '@linkwatch/checker';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/open.ts';
import { demoLoginMessage, startDemo } from './demo/index.ts';
import { inProcessBus, postgresBus } from './events/bus.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { actionEventHooks } from './modules/actions/action-events.ts';
import { flushProviderHealth, PROVIDER_HEALTH_FLUSH_MS } from './modules/admin/provider-health.service.ts';
import { alertTaskListener } from './modules/alerts/enqueue.ts';
import { taskMailListener } from './modules/mailings/task-mail.ts';
import { sellerWarning } from './modules/payments/invoice.ts';
import { seedWiki } from './modules/wiki/wiki.seed.ts';
import { startWikiMailer } from './modules/wiki/wiki-mail.ts';
import { createCaptcha } from './providers/captcha/captcha.ts';
import { createProviders } from './providers/index.ts';
import { postgresHostSlots } from './worker/host-slots.ts';
import { createScheduler } from './worker/scheduler.ts';
import { createWorker } from './worker/worker.ts';

async function main() {
  const config = loadConfig();
  const pretty = process.stdout.isTTY === true;
  const log = createLogger({ level: config.logLevel, pretty });
  const database = await openDatabase({
    ...config,
    // The embedded database's thread gone, every request would fail: better a restart.
    onEmbeddedExit: (error) => {
      log.fatal({ err: error }, 'the embedded database stopped');
      process.exit(1);
    },
  });
  await database.migrate();
  // The product's own help content, loaded on the first start (and a file a new version adds, once).
  await seedWiki(database.db, { log });
  const events = database.pool ? await postgresBus(database.pool) : inProcessBus();
  const demo = config.demo ? await startDemo({ db: database.db, config, log }) : null;
  const providers = createProviders(config);
  const ctx: AppContext = {
    config,
    db: database.db,
    log,
    events,
    mailer: createMailer({ ...config.mail, log }),
    captcha: createCaptcha(config.captcha),
    providers: demo ? demo.providers(providers) : providers,
  };

  const payments = ctx.providers.payments;
  const unnamedSeller = sellerWarning({
    seller: config.seller,
    paymentsOn: Boolean(payments.card || payments.paypal || payments.crypto),
  });
  if (unnamedSeller && config.role !== 'worker') log.warn(unnamedSeller);

  // On PostgreSQL other processes (more workers, on other machines) may check the same hosts.
  const hostSlots = database.pool
    ? postgresHostSlots({
        pool: database.pool,
        perHost: config.checker.perHost,
        onError: (error) => log.warn({ err: error }, 'host slots: PostgreSQL did not answer'),
      })
    : null;
  // Rendered checks (issue 31), where workers run: browsers start on the first page that needs one.
  const renderer =
    config.role === 'api' || config.render.browsers === 0
      ? null
      : await createRenderer({
          ...poolSizeFor({
            browsers: config.render.browsers,
            pagesPerBrowser: config.render.pagesPerBrowser,
            availableBytes: availableMemoryBytes(freemem),
          }),
          timeoutMs: config.render.timeoutMs,
          executablePath: config.render.executablePath,
          allowOrigins: demo ? [demo.allowOrigin] : [],
          allowPrivateNetworks: config.checker.allowPrivateNetworks,
          onRefused: (refused) => log.info({ refused }, 'rendering: the SSRF guard refused a request'),
        });
  const checker = createChecker({
    renderer: renderer ?? undefined,
    allowOrigins: demo ? [demo.allowOrigin] : [],
    concurrency: config.checker.concurrency,
    perHost: config.checker.perHost,
    hostDelayMs: config.checker.hostDelayMs,
    allowPrivateNetworks: config.checker.allowPrivateNetworks,
    sharedHostSlots: hostSlots ?? undefined,
  });
  const worker =
    config.role === 'api'
      ? null
      : createWorker(
          {
            db: ctx.db,
            checker,
            renderer: renderer ?? undefined,
            evidenceShotsAtFirstCheck: config.evidence.shotsAtFirstCheck,
            providers: ctx.providers,
            log,
          },
          {
            leaseSeconds: config.worker.leaseSeconds,
            hooks: actionEventHooks(ctx, [taskMailListener(ctx), alertTaskListener(ctx)]),
          },
        );
  if (worker) {
    checker.warmUp();
    worker.start();
    // Publication mails of the wiki (issue 30), in batches.
    startWikiMailer(ctx);
  }
  // What this process saw of the outside providers reaches the console's health table (issue 28).
  const healthFlush = setInterval(() => {
    flushProviderHealth(ctx).catch((error) => log.warn({ err: error }, 'provider health: not saved'));
  }, PROVIDER_HEALTH_FLUSH_MS).unref();
  // Scheduled tasks start where workers run; several such processes claim each run once.
  const scheduler = config.role === 'api' ? null : createScheduler(ctx);
  scheduler?.start();

  const app = config.role === 'worker' ? null : await buildApp(ctx);
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    log.info(`Linkwatch is running: open ${config.appUrl} (database: ${database.kind})`);
    // Last, so it is what a person sees when the start is done.
    if (demo?.login) log.info(demoLoginMessage({ ...demo.login, appUrl: config.appUrl, pretty }));
  } else {
    log.info({ worker: worker?.id }, 'Linkwatch worker is running');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app?.close();
    await scheduler?.stop();
    // Within the 10 s above: batches still in hand after 5 s are given back to the other workers.
    await worker?.stop({ graceMs: 5_000 });
    await checker.close();
    await renderer?.close();
    await hostSlots?.close();
    await demo?.close();
    clearInterval(healthFlush);
    await flushProviderHealth(ctx).catch(() => undefined);
    await events.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
