import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Counts the password hashes a login runs: a deterministic stand-in for timing it. Each scrypt call
// starts one SCRYPTREQUEST async resource; counting those needs no mock, so the file can share its
// workers' module cache with the others (the server tests run without isolation).
let scryptCalls = 0;
const scryptCounter = createHook({
  init(_id, type) {
    if (type === 'SCRYPTREQUEST') scryptCalls += 1;
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  scryptCounter.enable();
});
afterAll(async () => {
  scryptCounter.disable();
  await t.close();
});

async function hashesRunBy(body: { email: string; password: string }, from: string) {
  const before = scryptCalls;
  const res = await t.api('POST', 'auth/login', { body, remoteAddress: from });
  return { status: res.status, hashes: scryptCalls - before };
}

// Issue 24, point 2: a wrong password took 172 ms for an existing account and 10 ms for an unknown one.
describe('login timing', () => {
  it('runs the same password hash for an unknown account as for a known one', async () => {
    const user = await makeUser(t.db);
    // The first unknown login also makes the stand-in hash, once per process.
    await hashesRunBy({ email: 'warm-up@example.com', password: 'whatever1' }, '10.1.0.1');

    const known = await hashesRunBy({ email: user.email, password: 'wrong-password' }, '10.1.0.2');
    const unknown = await hashesRunBy(
      { email: 'nobody@example.com', password: 'wrong-password' },
      '10.1.0.3',
    );
    expect(known).toEqual({ status: 401, hashes: 1 });
    expect(unknown).toEqual({ status: 401, hashes: 1 });
  });

  it('runs it when registering a taken address as for a new one', async () => {
    const user = await makeUser(t.db);
    const signup = (email: string) => ({
      name: 'Someone',
      email,
      password: 'secret-pass',
      passwordConfirmation: 'secret-pass',
    });
    let before = scryptCalls;
    await t.api('POST', 'auth/register', { body: signup('brand-new@example.com') });
    const fresh = scryptCalls - before;
    before = scryptCalls;
    await t.api('POST', 'auth/register', { body: signup(user.email) });
    const taken = scryptCalls - before;
    expect(fresh).toBe(1);
    expect(taken).toBe(fresh);
  });
});
