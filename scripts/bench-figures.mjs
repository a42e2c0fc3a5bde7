/**
 * The benchmarks' figures for docs/benchmarks.md: each bench writes what it measured against its aims
 * with `writeBenchFigures`, and `node scripts/bench-table.mjs` (the last step of `npm run bench`) prints
 * them all and rewrites the table in docs/benchmarks.md from them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIGURES_DIR = path.resolve(new URL('..', import.meta.url).pathname, '.bench');

// The shapes of what is written and read are in bench-figures.d.mts.

/** Writes one bench's figures (`.bench/<order>-<bench>.json`), with the commit and the machine's load. */
export function writeBenchFigures({ bench, order, figures, notes }) {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const record = {
    bench,
    commit: currentCommit(),
    measuredAt: new Date().toISOString(),
    loadAverage: os.loadavg()[0].toFixed(1),
    cores: os.availableParallelism(),
    figures,
    notes,
  };
  const file = path.join(FIGURES_DIR, `${String(order).padStart(2, '0')}-${slug(bench)}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  for (const f of figures) {
    const verdict = f.aim ? ` (aim ${f.aim}: ${f.met ? 'met' : 'NOT met'})` : '';
    console.log(`[aim] ${bench}: ${f.what}: ${f.figure}${verdict}`);
  }
}

/** Every bench's last figures, in their order. */
export function readBenchFigures() {
  let files;
  try {
    files = readdirSync(FIGURES_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(path.join(FIGURES_DIR, f), 'utf8')));
}

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function currentCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    // .bench/ and docs/benchmarks.md change with every run (this table), the README by hand: only code counts.
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!README.md', ':!.bench', ':!docs'],
      { encoding: 'utf8' },
    );
    return dirty.trim() ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}
