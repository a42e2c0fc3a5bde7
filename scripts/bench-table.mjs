/**
 * The last step of `npm run bench`: prints every aim next to its figure and the commit measured, and
 * rewrites the benchmark table of docs/benchmarks.md (between its `bench-table` markers) from the
 * figures the benches wrote. A bench that was not run keeps its last figures. The README keeps a
 * summary written by hand: update it when an aim changes sides.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readBenchFigures } from './bench-figures.mjs';

const TABLE_FILE = path.resolve(new URL('..', import.meta.url).pathname, 'docs/benchmarks.md');
const START = '<!-- bench-table:start (written by `npm run bench`: scripts/bench-table.mjs) -->';
const END = '<!-- bench-table:end -->';

const runs = readBenchFigures();
if (runs.length === 0) {
  console.error('no figures in .bench/: run `npm run bench` first');
  process.exit(1);
}

const cell = (text) => String(text ?? '').replaceAll('|', '\\|');
const lines = [
  START,
  '| bench | what | aim | figure | aim met | commit, load average |',
  '| --- | --- | --- | --- | --- | --- |',
];
for (const run of runs) {
  const measured = `${run.commit}, ${run.loadAverage} on ${run.cores} cores, ${run.measuredAt.slice(0, 10)}`;
  for (const f of run.figures) {
    const met = f.aim ? (f.met ? 'yes' : '**no**') : '';
    lines.push(
      `| ${cell(run.bench)} | ${cell(f.what)} | ${cell(f.aim)} | ${cell(f.figure)} | ${met} | ${measured} |`,
    );
  }
}
const notes = runs.filter((r) => r.notes).map((r) => `- ${r.bench}: ${r.notes}`);
if (notes.length > 0) lines.push('', ...notes);
lines.push(END);
const table = lines.join('\n');

console.log(`\n${table}\n`);
const page = readFileSync(TABLE_FILE, 'utf8');
const from = page.indexOf(START);
const to = page.indexOf(END);
if (from < 0 || to < from) {
  console.error('docs/benchmarks.md has no bench-table markers; the table above was not written into it');
  process.exit(1);
}
writeFileSync(TABLE_FILE, page.slice(0, from) + table + page.slice(to + END.length));
console.log('docs/benchmarks.md: benchmark table rewritten');
