import { BalanceTransactionType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceTransactions } from '../../db/schema/index.ts';
import { makeUser } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUserByEmail } from './auth.queries.ts';
import { sendConfirmationMail } from './auth.service.ts';

const signup = (email: string) => ({
  name: 'Ann Example',
  email,
  password: 'secret-pass',
  passwordConfirmation: 'secret-pass',
});

/** Registers, follows each mailed confirmation link (after mailing `resends` more), logs in. */
async function registerAndConfirm(t: TestApp, params: { email: string; resends?: number }) {
  await t.api('POST', 'auth/register', { body: signup(params.email) });
  const user = (await findUserByEmail(t.db, params.email))!;
  for (let i = 0; i < (params.resends ?? 0); i += 1) await sendConfirmationMail(t.ctx, user);
  for (const mail of t.smtp.to(params.email)) {
    const code = new URL(linkIn(mail, '/confirm-email/')).pathname.split('/').pop();
    expect((await t.api('GET', `auth/confirm-email/${code}`)).status).toBe(200);
  }
  const login = await t.api('POST', 'auth/login', { body: { email: params.email, password: 'secret-pass' } });
  const token: string = login.body.data.attributes.accessToken;
  const balance = await t.api('GET', 'user/balance', { token });
  const ledger = await t.db
    .select({
      value: balanceTransactions.value,
      typeId: balanceTransactions.typeId,
      description: balanceTransactions.description,
    })
    .from(balanceTransactions)
    .where(eq(balanceTransactions.userId, user.id));
  return { balance: balance.body.data.balance as number, ledger };
}

describe('welcome credits on e-mail confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.smtp.clear());

  it('gives 100 credits by default, written as one ledger row', async () => {
    const { balance, ledger } = await registerAndConfirm(t, { email: 'new@example.com' });
    expect(balance).toBe(100);
    expect(ledger).toEqual([
      { value: 100, typeId: BalanceTransactionType.Bonus, description: 'Welcome credits' },
    ]);
  });

  it('gives them once, however many confirmation links the account follows', async () => {
    const { balance, ledger } = await registerAndConfirm(t, { email: 'again@example.com', resends: 2 });
    expect(balance).toBe(100);
    expect(ledger).toHaveLength(1);
  });
});

/** The welcome rows of an account's ledger. */
const welcomeRows = (t: TestApp, userId: number) =>
  t.db
    .select({ value: balanceTransactions.value, description: balanceTransactions.description })
    .from(balanceTransactions)
    .where(eq(balanceTransactions.userId, userId));

async function followConfirmation(t: TestApp, email: string) {
  const mail = t.smtp.to(email).find((m) => (m.text ?? '').includes('/confirm-email/'))!;
  const code = new URL(linkIn(mail, '/confirm-email/')).pathname.split('/').pop();
  return (await t.api('GET', `auth/confirm-email/${code}`)).status;
}

async function followReset(t: TestApp, email: string) {
  await t.api('POST', 'auth/forgot-password', { body: { email } });
  const mail = t.smtp.to(email).find((m) => (m.text ?? '').includes('/login/reset-password'))!;
  const token = new URL(linkIn(mail, '/login/reset-password')).searchParams.get('token');
  const password = 'reset-pass-1';
  const body = { token, email, password, passwordConfirmation: password };
  return (await t.api('POST', 'auth/reset-password', { body })).status;
}

describe('welcome credits on a password reset (the mailed reset link proves the address too)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.smtp.clear());

  it('a reset before the confirmation link confirms the account and gives them; the later confirmation gives nothing more', async () => {
    await t.api('POST', 'auth/register', { body: signup('reset-first@example.com') });
    const user = (await findUserByEmail(t.db, 'reset-first@example.com'))!;
    expect(user.emailVerifiedAt).toBeNull();

    expect(await followReset(t, user.email)).toBe(200);
    expect((await findUserByEmail(t.db, user.email))!.emailVerifiedAt).not.toBeNull();
    expect(await welcomeRows(t, user.id)).toEqual([{ value: 100, description: 'Welcome credits' }]);
    const login = await t.api('POST', 'auth/login', {
      body: { email: user.email, password: 'reset-pass-1' },
    });
    expect(login.status).toBe(200);
    const balance = await t.api('GET', 'user/balance', { token: login.body.data.attributes.accessToken });
    expect(balance.body.data.balance).toBe(100);

    expect(await followConfirmation(t, user.email)).toBe(200);
    expect(await welcomeRows(t, user.id)).toHaveLength(1);
  });

  it('a reset after the confirmation link gives nothing more', async () => {
    await t.api('POST', 'auth/register', { body: signup('confirm-first@example.com') });
    const user = (await findUserByEmail(t.db, 'confirm-first@example.com'))!;
    expect(await followConfirmation(t, user.email)).toBe(200);
    expect(await followReset(t, user.email)).toBe(200);
    expect(await welcomeRows(t, user.id)).toEqual([{ value: 100, description: 'Welcome credits' }]);
  });

  it('the reset and the confirmation at the same moment still give one row', async () => {
    await t.api('POST', 'auth/register', { body: signup('both@example.com') });
    const user = (await findUserByEmail(t.db, 'both@example.com'))!;
    await t.api('POST', 'auth/forgot-password', { body: { email: user.email } });
    const resetMail = t.smtp.to(user.email).find((m) => (m.text ?? '').includes('/login/reset-password'))!;
    const token = new URL(linkIn(resetMail, '/login/reset-password')).searchParams.get('token');
    const confirmMail = t.smtp.to(user.email).find((m) => (m.text ?? '').includes('/confirm-email/'))!;
    const code = new URL(linkIn(confirmMail, '/confirm-email/')).pathname.split('/').pop();
    const body = { token, email: user.email, password: 'both-pass-1', passwordConfirmation: 'both-pass-1' };
    const [reset, confirm] = await Promise.all([
      t.api('POST', 'auth/reset-password', { body }),
      t.api('GET', `auth/confirm-email/${code}`),
    ]);
    expect([reset.status, confirm.status]).toEqual([200, 200]);
    expect(await welcomeRows(t, user.id)).toHaveLength(1);
  });

  it('an account confirmed before, without welcome credits, gets none from a reset', async () => {
    const user = await makeUser(t.db);
    expect(await followReset(t, user.email)).toBe(200);
    expect(await welcomeRows(t, user.id)).toEqual([]);
  });
});

describe('WELCOME_CREDITS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WELCOME_CREDITS: '0' } });
  });
  afterAll(() => t.close());

  it('gives nothing on confirmation', async () => {
    const { balance, ledger } = await registerAndConfirm(t, { email: 'off@example.com' });
    expect(balance).toBe(0);
    expect(ledger).toEqual([]);
  });
});
