#!/usr/bin/env node
/**
 * `npm run api:compare -- before.json after.json`: the differences between two recordings of
 * `npm run api:record`, request by request (status, content type, body by JSON path). Exits 1 when
 * they differ, so a script can use it as a check.
 */
import { readFileSync } from 'node:fs';

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: npm run api:compare -- <before.json> <after.json>');
  process.exit(2);
}

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
const before = read(beforeFile);
const after = read(afterFile);

const show = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? '(absent)' : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** Paths where two JSON values differ, e.g. `body.data[2].attributes.title`. */
function differences(a, b, path, out) {
  if (Object.is(a, b)) return out;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object';
  if (!bothObjects || Array.isArray(a) !== Array.isArray(b)) {
    out.push(`  ${path}: ${show(a)} -> ${show(b)}`);
    return out;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) out.push(`  ${path}: ${a.length} items -> ${b.length} items`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) differences(a[i], b[i], `${path}[${i}]`, out);
    return out;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    differences(a[key], b[key], `${path}.${key}`, out);
  return out;
}

// The same request may be recorded more than once (a read before and after a write): pair by
// request and by its turn among equal requests.
const keyed = (records) => {
  const seen = new Map();
  return new Map(
    records.map((r) => {
      const turn = (seen.get(r.request) ?? 0) + 1;
      seen.set(r.request, turn);
      return [turn === 1 ? r.request : `${r.request} (#${turn})`, r];
    }),
  );
};
const a = keyed(before);
const b = keyed(after);
let differing = 0;
for (const key of new Set([...a.keys(), ...b.keys()])) {
  const lines = a.has(key) && b.has(key) ? differences(a.get(key), b.get(key), '', []) : null;
  if (lines?.length === 0) continue;
  differing++;
  if (!a.has(key)) console.log(`+ ${key} (only in ${afterFile})`);
  else if (!b.has(key)) console.log(`- ${key} (only in ${beforeFile})`);
  else
    console.log(
      `~ ${key}\n${lines.slice(0, 20).join('\n')}${lines.length > 20 ? `\n  … ${lines.length - 20} more` : ''}`,
    );
}
console.log(
  differing === 0
    ? `same: ${b.size} answers`
    : `${differing} of ${new Set([...a.keys(), ...b.keys()]).size} requests answer differently`,
);
process.exit(differing === 0 ? 0 : 1);
