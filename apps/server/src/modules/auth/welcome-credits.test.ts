import { BalanceTransactionType } from '@linkwatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceTransactions } from '../../db/schema/index.ts';
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
