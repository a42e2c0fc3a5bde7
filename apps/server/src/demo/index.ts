import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { startSampleWeb } from './sample-web.ts';
import { seedDemo } from './seed.ts';

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
  const credentialsFile = path.join(config.dataDir, 'demo-credentials.txt');
  const seeded = await seedDemo(params.db, {
    sampleOrigin: origin,
    password: randomBytes(9).toString('base64url'),
  });
  if (seeded) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(credentialsFile, `email: ${seeded.email}\npassword: ${seeded.password}\n`, {
      mode: 0o600,
    });
  }
  const credentials = await readFile(credentialsFile, 'utf8').catch(() => null);
  if (credentials) {
    log.info(
      `Demo account (DEMO=0 turns the demo off): ${credentials.trim().replace(/\n/g, ', ')}  (saved in ${credentialsFile})`,
    );
  }
  return {
    allowOrigin: `127.0.0.1:${config.demoWebPort}`,
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
