#!/usr/bin/env node
/**
 * `npm run typecheck`: `tsc -p` of every workspace, one after another, each one's output printed whole
 * when it ends. Fails when any of them fails. The compiler is TypeScript 7 (the native one, package
 * `typescript-7`), which checks on every core by itself; `typescript` 5.9 stays for the tools that read
 * code through its JavaScript API (dependency-cruiser in `npm run lint:boundaries`).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

// apps/server/bench's project is the server's and the benches (same options, every file of apps/server):
// checking it checks the server once instead of twice.
const PROJECTS = ['apps/server/bench', 'apps/web', 'packages/shared', 'packages/checker', 'e2e'];
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')),
  'bin/tsc',
);

let failed = false;
for (const project of PROJECTS) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  failed ||= !ok;
  process.stdout.write(
    `tsc -p ${project}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)\n${run.stdout}${run.stderr}`,
  );
}
process.exit(failed ? 1 : 0);
