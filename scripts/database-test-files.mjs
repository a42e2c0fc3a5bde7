#!/usr/bin/env node
/**
 * The server's test files whose run depends on the database they are given: those that reach
 * `src/test/database.ts` (the test app, the factories' fresh database) through their imports, or
 * read TEST_DATABASE_URL themselves. `npm run test:pg` runs only these on PostgreSQL: every other
 * file (pure rules, adapters against stand-ins, the checker's wiring) runs the same code in the
 * same way as in the embedded run, so running it twice proves nothing more.
 *
 * `--others` prints the rest instead (to see what the PostgreSQL run leaves to the embedded one).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const DATABASE_HELPER = path.join(SERVER_SRC, 'test/database.ts');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}

/** Relative imports (static, dynamic, re-exports) of a file, resolved to files that exist. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), match[1]);
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')])
      if (existsSync(candidate) && statSync(candidate).isFile()) {
        found.push(candidate);
        break;
      }
  }
  return found;
}

const verdicts = new Map();
/** Whether a file reaches the database helper (a cycle counts as not reaching it through itself). */
function usesDatabase(file) {
  if (verdicts.has(file)) return verdicts.get(file);
  verdicts.set(file, false);
  const verdict =
    file === DATABASE_HELPER ||
    readFileSync(file, 'utf8').includes('TEST_DATABASE_URL') ||
    importsOf(file).some(usesDatabase);
  verdicts.set(file, verdict);
  return verdict;
}

const others = process.argv.includes('--others');
const tests = [...walk(SERVER_SRC)].filter((f) => f.endsWith('.test.ts')).sort();
for (const file of tests) if (usesDatabase(file) !== others) console.log(path.relative(ROOT, file));
