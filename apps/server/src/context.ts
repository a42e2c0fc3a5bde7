import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { Mailer } from './mail/mailer.ts';
import type { CaptchaVerifier } from './providers/captcha/captcha.ts';
import type { Providers } from './providers/index.ts';

/** What every feature's routes and services are given: built once in main.ts, or per test. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  providers: Providers;
  log: FastifyBaseLogger;
  events: EventBus;
}
