import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../modules/auth/auth.queries.ts';
import { type DonorWeb, startDonorWeb } from './donor-web.ts';
import { makeUserWithToken } from './factories.ts';
import {
  fillPath,
  type JsonSchema,
  type Operation,
  type QueryValue,
  queryString,
  readOperations,
  resourceOf,
  sampleValue,
} from './openapi-operations.ts';
import { makeOwnedWorld, type OwnedWorld } from './owned-world.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every operation of /api/openapi.json, sent malformed variants of each path, query and body value
 * (generated from a fixed seed, a bounded number per value): none may answer 5xx, and the server
 * must still answer afterwards. New routes are covered by being documented.
 */

const SEED = 0x5eed_2026;
/** Values drawn per parameter or body field, besides one of each kind below. */
const EXTRA_DRAWS = 2;
const MEGABYTE = 'x'.repeat(1024 * 1024);
/** A request left hanging (a stream that died mid-answer) is a failure too, not a stuck suite. */
const ANSWER_TIMEOUT_MS = 10_000;

/** mulberry32: small, seeded, and the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text variants, as a path or query value carries them. */
const TEXT_KINDS: Record<string, string[]> = {
  // 40000 is past a smallint column, 2147483647 the last integer id.
  hugeNumber: [
    '99999999999999999999',
    '2147483648',
    '2147483647',
    '40000',
    '9007199254740993',
    '1e308',
    '-1e308',
    '1e309',
  ],
  oddNumber: ['-1', '0', '1.5', 'NaN', 'Infinity', '0x10', ' 7', '-0', '1e3'],
  badDate: [
    '-271821-04-20',
    '+275760-09-13',
    '275760-09-13T00:00:00Z',
    '9999-99-99',
    '2024-02-30',
    '0000-00-00',
    '10000-01-01',
    '1969-12-31T23:59:59Z',
    // The edges of the accepted range: valid, and their day-after must still be a timestamp.
    '9999-12-31',
    '9999-12-31T23:59:59.999Z',
    '1970-01-01',
  ],
  nul: ['\u0000', 'a\u0000b', 'x%00'],
  oddText: ['', ' ', 'zzz-unknown', '-', '\\', "'", '"', '\uD800', '💥💥', '[]', '{}', 'null', ',,,'],
};

/** JSON variants of a body field. */
const JSON_KINDS: Record<string, unknown[]> = {
  wrongType: [null, true, false, [], ['x'], [1, 2], {}, { a: 1 }],
  hugeNumber: [2147483648, 2147483647, 40000, 1e20, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2],
  oddNumber: [-1, 0, 1.5, -0.5],
  text: ['', 'a\u0000b', '\u0000', 'zzz-unknown', '-271821-04-20', '+275760-09-13', '9999-99-99', '25:99'],
};

/** Whole bodies that are not the documented object. */
const BAD_BODIES = ['null', '[]', '"text"', '1', 'true', '{', '{"a":', '[null]'];

function draw<T>(random: () => number, kinds: Record<string, T[]>, extra = EXTRA_DRAWS): T[] {
  const all = Object.values(kinds).flat();
  const picked = Object.values(kinds).map((values) => values[Math.floor(random() * values.length)]);
  for (let i = 0; i < extra; i++) picked.push(all[Math.floor(random() * all.length)]);
  return picked;
}

interface Probe {
  method: Operation['method'];
  url: string;
  body?: string;
  label: string;
}

let t: TestApp;
let web: DonorWeb;
let w: OwnedWorld;
/** The console's calls (/api/admin/) are fuzzed as an operator, on a customer of their own. */
let operator: { token: string };
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  web = await startDonorWeb();
  w = await makeOwnedWorld({ t, web, label: 'fuzzed' });
  operator = await makeUserWithToken(t.db, { isAdmin: true });
  customerId = (await makeUserWithToken(t.db)).user.id;
});
afterAll(async () => {
  await web?.close();
  await t?.close();
});

/** Ids of the fuzzing user's rows, so a variant of one value reaches code past the others. */
function validPathValues(op: Operation): Record<string, string> {
  const ids: Record<string, number | undefined> = {
    projects: w.project.id,
    campaigns: w.campaign.id,
    links: w.links[0].id,
    backlinks: w.backlinkId,
    actions: w.actionId,
    notifications: w.notificationId,
    mailings: w.mailingId,
    schedules: w.scheduleId,
  };
  return {
    id: String(resourceOf(op.path) === 'admin' ? customerId : (ids[resourceOf(op.path)] ?? 1)),
    action: '2',
    type: 'lost',
    code: 'fuzz',
    token: 'fuzz',
  };
}

function validQuery(op: Operation): Record<string, QueryValue> {
  const names = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const base: Record<string, QueryValue> = {};
  // Reports answer nothing without a project; a move needs its target.
  if (names.has('filter[project]')) base['filter[project]'] = String(w.project.id);
  if (names.has('campaign')) base.campaign = String(w.spare.id);
  return base;
}

/** Malformed variants of one operation: each path and query value in turn, each body field, whole bodies. */
function probes(op: Operation, random: () => number): Probe[] {
  const out: Probe[] = [];
  const pathValues = validPathValues(op);
  const query = validQuery(op);
  const validBody = op.body ? JSON.stringify(sampleValue(op.body)) : undefined;
  const url = (path: Record<string, string>, q: Record<string, QueryValue>) =>
    fillPath(op.path, path) + queryString(q);

  for (const param of op.parameters) {
    const values: QueryValue[] = draw(random, TEXT_KINDS);
    if (param.in === 'query') values.push(['1', '2'], [String(w.project.id), '99999999999999999999']);
    for (const value of values) {
      const label = `${param.in} ${param.name}=${JSON.stringify(value).slice(0, 60)}`;
      if (param.in === 'path')
        out.push({
          method: op.method,
          url: url({ ...pathValues, [param.name]: String(value) }, query),
          body: validBody,
          label,
        });
      if (param.in === 'query')
        out.push({
          method: op.method,
          url: url(pathValues, { ...query, [param.name]: value }),
          body: validBody,
          label,
        });
    }
  }
  // One megabyte in one value per operation, drawn from its parameters.
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  if (queryParams.length) {
    const param = queryParams[Math.floor(random() * queryParams.length)];
    out.push({
      method: op.method,
      url: url(pathValues, { ...query, [param.name]: MEGABYTE }),
      body: validBody,
      label: `query ${param.name}=<1 MB>`,
    });
  }

  if (op.body) {
    const base = sampleValue(op.body) as Record<string, unknown>;
    const fields = Object.keys((op.body as JsonSchema).properties ?? {});
    for (const field of fields) {
      for (const value of [
        ...draw(random, JSON_KINDS),
        MEGABYTE.slice(0, random() < 0.5 ? 1024 * 1024 : 300),
      ]) {
        const label = `body.${field}=${JSON.stringify(value)?.slice(0, 60)}`;
        out.push({
          method: op.method,
          url: url(pathValues, query),
          body: JSON.stringify({ ...base, [field]: value }),
          label,
        });
      }
    }
    out.push({
      method: op.method,
      url: url(pathValues, query),
      body: JSON.stringify({ ...base, unknownField: 'x' }),
      label: 'body with an unknown field',
    });
  }
  if (op.method !== 'GET')
    for (const body of BAD_BODIES)
      out.push({ method: op.method, url: url(pathValues, query), body, label: `body ${body}` });
  return out;
}

/** Answers of 401, so a session lost mid-run cannot make the suite pass without reaching any handler. */
let unauthorized = 0;

/** What went wrong with one probe (a 5xx, or a response cut off), or nothing. */
async function send(probe: Probe): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
      ANSWER_TIMEOUT_MS,
    );
  });
  try {
    const answer = t.app.inject({
      method: probe.method,
      url: probe.url,
      headers: {
        authorization: `Bearer ${probe.url.startsWith('/api/admin/') ? operator.token : w.token}`,
        accept: 'application/json',
        'x-localization': 'en',
        ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: probe.body,
    });
    const res = await Promise.race([answer, hung]);
    if (res.statusCode === 401) unauthorized += 1;
    if (res.statusCode >= 500) return `${res.statusCode} (${res.body.slice(0, 120)})`;
  } catch (error) {
    return `no answer (${(error as Error).message})`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The order of the run: deletions after everything else (they remove what the other calls need), and
 * logout last of all (it ends the fuzzing user's session). Nothing is skipped.
 */
const rank = (op: Operation) => (op.path === '/api/auth/logout' ? 2 : op.method === 'DELETE' ? 1 : 0);

describe('fuzzing every documented operation', () => {
  // Bounded by count (EXTRA_DRAWS per value), not by time: the time grows with the documented
  // operations (about 0.3 s each alone), and a second test file shares the machine's cores.
  it('answers no malformed request with a 5xx, and keeps answering', { timeout: 900_000 }, async () => {
    const operations = await readOperations(t);
    // A documentation regression would make this suite pass vacuously.
    expect(operations.length).toBeGreaterThan(60);
    const ordered = [...operations].sort((x, y) => rank(x) - rank(y));
    const random = prng(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const op of ordered) {
      for (const probe of probes(op, random)) {
        const answer = await send(probe);
        sent += 1;
        if (answer) failures.push(`${answer} ${op.method} ${op.path} ${probe.label}`);
      }
    }
    expect(failures).toEqual([]);
    // Bounded, yet enough to reach every value of every operation several times.
    expect(sent).toBeGreaterThan(operations.length * 20);
    expect(unauthorized).toBeLessThan(sent / 20);

    expect((await t.api('GET', 'health')).status).toBe(200);
    const token = await createAccessToken(t.db, w.user.id);
    expect((await t.api('GET', 'user/me', { token })).status).toBe(200);
  });
});
