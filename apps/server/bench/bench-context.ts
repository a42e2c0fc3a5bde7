import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import { inProcessBus } from '../src/events/bus.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { captchaOff } from '../src/providers/captcha/captcha.ts';
import { createProviders } from '../src/providers/index.ts';

/**
 * The application's context in a bench's own process: its database, the settings of `env` (DATA_DIR at
 * least) over a bench's defaults (no web build, warnings only), mail saved as files, no captcha.
 */
export function benchContext(
  db: Db,
  env: Record<string, string>,
  log: AppContext['log'] = pino({ level: 'warn' }),
): AppContext {
  const config = loadConfig({ DATABASE_URL: 'bench', WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', ...env });
  return {
    config,
    db,
    log,
    events: inProcessBus(),
    mailer: createMailer({ ...config.mail, log }),
    captcha: captchaOff,
    providers: createProviders(config),
  };
}
