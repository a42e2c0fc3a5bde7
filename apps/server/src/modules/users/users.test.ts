import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUserWithToken, reloadUser } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.smtp.clear());

const profile = {
  fullname: 'Ann Example',
  address: '1 Main St',
  city: 'Kyiv',
  index: '01001',
  country: 'UA',
  regCode: 'R-1',
  vatNumber: 'VAT-1',
};

describe('user profile', () => {
  it('answers 401 without a token and for a made-up token', async () => {
    expect((await t.api('GET', 'user/me')).status).toBe(401);
    expect((await t.api('GET', 'user/me', { token: 'made-up' })).status).toBe(401);
  });

  it('saves the personal info and returns the user', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('PUT', 'user', { token, body: profile });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      name: 'Ann Example',
      address: '1 Main St',
      city: 'Kyiv',
      index: '01001',
      country: 'UA',
      regCode: 'R-1',
      vatNumber: 'VAT-1',
      newEmail: null,
    });
  });

  it('answers 422 under fullname when it is empty', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('PUT', 'user', { token, body: { ...profile, fullname: ' ' }, locale: 'ru' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ fullname: ['Поле полное имя обязательно для заполнения'] });
  });

  it('saves a locale alone', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const res = await t.api('PUT', 'user', { token, body: { locale: 'ua' } });
    expect(res.body.data.attributes.locale).toBe('ua');
    expect((await reloadUser(t.db, user.id)).locale).toBe('ua');
    expect((await t.api('PUT', 'user', { token, body: { locale: 'de' } })).status).toBe(422);
  });

  it('keeps a changed email in newEmail until the new address confirms it', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const res = await t.api('PUT', 'user', { token, body: { ...profile, email: 'fresh@example.com' } });
    expect(res.body.data.attributes).toMatchObject({ email: user.email, newEmail: 'fresh@example.com' });

    const [mail] = t.smtp.to('fresh@example.com');
    expect(mail.subject).toBe('Confirm your new email address');
    const code = new URL(linkIn(mail, '/confirm-email/')).pathname.split('/').pop();
    expect((await t.api('GET', `user/confirm-email/${code}`)).status).toBe(200);
    expect((await t.api('GET', `user/confirm-email/${code}`)).status).toBe(422);
    const after = await reloadUser(t.db, user.id);
    expect(after).toMatchObject({ email: 'fresh@example.com', newEmail: null });
  });

  it('refuses a new email that another account uses', async () => {
    const other = await makeUserWithToken(t.db);
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('PUT', 'user', { token, body: { ...profile, newEmail: other.user.email } });
    expect(res.status).toBe(422);
    expect(res.body.errors.newEmail).toEqual(['The new email has already been taken']);
    expect(t.smtp.received).toHaveLength(0);
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const otherSession = (
      await t.api('POST', 'auth/login', { body: { email: user.email, password: user.password } })
    ).body.data.attributes.accessToken;

    const wrong = await t.api('POST', 'user/change-password', {
      token,
      body: {
        currentPassword: 'not-it-at-all',
        password: 'new-password-1',
        passwordConfirmation: 'new-password-1',
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ currentPassword: ['The current password is wrong'] });

    const ok = await t.api('POST', 'user/change-password', {
      token,
      body: {
        currentPassword: user.password,
        password: 'new-password-1',
        passwordConfirmation: 'new-password-1',
      },
    });
    expect(ok.status).toBe(200);
    expect((await t.api('GET', 'user/me', { token })).status).toBe(200);
    expect((await t.api('GET', 'user/me', { token: otherSession })).status).toBe(401);
    const login = await t.api('POST', 'auth/login', {
      body: { email: user.email, password: 'new-password-1' },
    });
    expect(login.status).toBe(200);
  });
});

describe('partner and balance', () => {
  it('flags the user as a partner', async () => {
    const { token } = await makeUserWithToken(t.db);
    const res = await t.api('POST', 'user/partner', { token });
    expect(res.body.data.attributes.isPartner).toBe(true);
  });

  it('answers the balance as data.balance', async () => {
    const { token } = await makeUserWithToken(t.db, { balance: 0 });
    expect((await t.api('GET', 'user/balance', { token })).body).toEqual({ data: { balance: 0 } });
  });
});
