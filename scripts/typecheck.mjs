#!/usr/bin/env node
/**
 * `npm run typecheck`: `tsc -p` of every workspace, two at a time (CI has two cores, and each tsc
 * uses one), each one's output printed whole when it ends. Fails when any of them fails.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

const PROJECTS = [
  'apps/server',
  'apps/web',
  'packages/shared',
  'packages/checker',
  'apps/server/bench',
  'e2e',
];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function typecheck(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

// The biggest projects first, so the two lanes end close together.
const queue = [...PROJECTS];
const lanes = Array.from({ length: parallel }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await typecheck(project)) && ok;
  return ok;
});
const results = await Promise.all(lanes);
process.exit(results.every(Boolean) ? 0 : 1);
