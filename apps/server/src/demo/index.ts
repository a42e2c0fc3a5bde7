import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { startDemoServices } from './demo-services.ts';
import { startSampleWeb } from './sample-web.ts';
import { DEMO_OPERATOR_EMAIL, seedDemo } from './seed.ts';

/**
 * The offline demo: on an embedded database, a sample web of donor pages on its own loopback port (the
 * one origin the SSRF guard lets through) and, on the very first start, a demo account to try it with.
 */
export async function startDemo(params: { db: Db; config: Config; log: FastifyBaseLogger }) {
  const { config, log } = params;
  const origin = `http://127.0.0.1:${config.demoWebPort}`;
  let server: Server | null = null;
  try {
    server = await startSampleWeb(config.demoWebPort);
  } catch (error) {
    log.warn({ err: error }, `demo sample web could not listen on ${origin}; demo checks will fail`);
  }
  const services = await startDemoServices({ sampleOrigin: origin, appUrl: config.appUrl });
  const credentialsFile = path.join(config.dataDir, 'demo-credentials.txt');
  const seeded = await seedDemo(params.db, {
    sampleOrigin: origin,
    password: randomBytes(9).toString('base64url'),
  });
  if (seeded) {
    await mkdir(config.dataDir, { recursive: true });
    const lines = `email: ${seeded.email}\npassword: ${seeded.password}\noperator: ${DEMO_OPERATOR_EMAIL}\n`;
    await writeFile(credentialsFile, lines, { mode: 0o600 });
  }
  const credentials = await readFile(credentialsFile, 'utf8').catch(() => null);
  const field = (name: string) => credentials?.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1];
  const email = field('email');
  const password = field('password');
  return {
    /** The demo login, for the start to print once it is done. */
    login: email && password ? { email, password, file: credentialsFile } : null,
    allowOrigin: `127.0.0.1:${config.demoWebPort}`,
    /** The providers with the demo's stand-in services where none is configured. */
    providers: services.fill,
    close: async () => {
      await services.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

export type DemoLogin = { email: string; password: string; file: string };

/** The demo login as the last thing of the start: a framed block on a terminal, one line in JSON logs. */
export function demoLoginMessage(params: DemoLogin & { appUrl: string; pretty: boolean }): string {
  const { email, password, file, appUrl } = params;
  if (!params.pretty) {
    return `Demo account (DEMO=0 turns the demo off): email ${email}, password ${password} at ${appUrl} (saved in ${file})`;
  }
  const lines = [
    'Try Linkwatch with the demo account (DEMO=0 turns the demo off):',
    '',
    `  open      ${appUrl}`,
    `  email     ${email}`,
    `  password  ${password}`,
    '',
    `Saved in ${file}`,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}
