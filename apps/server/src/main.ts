import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './mail/mailer.ts';
import { createCaptcha } from './modules/auth/captcha.ts';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  await database.migrate();
  const ctx: AppContext = {
    config,
    db: database.db,
    log,
    mailer: createMailer({ ...config.mail, log }),
    captcha: createCaptcha(config.captcha),
  };

  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  log.info(`Linkwatch is running: open ${config.appUrl} (database: ${database.kind})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
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
