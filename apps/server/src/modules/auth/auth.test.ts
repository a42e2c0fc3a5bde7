import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAudit } from '../../db/schema/index.ts';
import { siteverifyCaptcha } from '../../providers/captcha/captcha.ts';
import { makeUser, makeUserWithToken } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.smtp.clear());

const signup = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ann Example',
  email,
  password: 'secret-pass',
  passwordConfirmation: 'secret-pass',
  ...extra,
});

function codeFrom(link: string) {
  return new URL(link).pathname.split('/').pop()!;
}

describe('register, confirm, login', () => {
  it('registers, mails a confirmation link in the user language, confirms and logs in', async () => {
    const res = await t.api('POST', 'auth/register', { body: signup('ann@example.com'), locale: 'ru' });
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);

    const [mail] = t.smtp.to('ann@example.com');
    expect(mail.subject).toBe('Подтвердите адрес электронной почты');
    const link = linkIn(mail, '/confirm-email/');
    expect(link.startsWith('http://app.test/ru/confirm-email/')).toBe(true);

    const unconfirmed = await t.api('POST', 'auth/login', {
      body: { email: 'ann@example.com', password: 'secret-pass' },
    });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.message).toMatch(/confirm your email/);

    const confirmed = await t.api('GET', `auth/confirm-email/${codeFrom(link)}`);
    expect(confirmed.status).toBe(200);

    const login = await t.api('POST', 'auth/login', {
      body: { email: 'ANN@example.com', password: 'secret-pass' },
    });
    expect(login.status).toBe(200);
    const token = login.body.data.attributes.accessToken;
    const me = await t.api('GET', 'user/me', { token });
    expect(me.body.data.attributes).toMatchObject({
      email: 'ann@example.com',
      locale: 'ru',
      participant: { roleId: 1 },
    });
  });

  it('answers 422 with a message per field for missing, malformed and mismatched input', async () => {
    const res = await t.api('POST', 'auth/register', {
      body: { email: 'not-an-email', password: 'short', passwordConfirmation: 'other' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The given data was invalid.');
    expect(res.body.errors).toEqual({
      name: ['The name field is required'],
      email: ['The email field must be a valid email'],
      password: ['The password field must be at least 8 characters'],
      passwordConfirmation: ['The password confirmation does not match the password'],
    });
    const mismatch = await t.api('POST', 'auth/register', {
      body: signup('mismatch@example.com', { passwordConfirmation: 'secret-pasS' }),
    });
    expect(mismatch.body.errors).toEqual({
      passwordConfirmation: ['The password confirmation does not match the password'],
    });
    expect(t.smtp.received).toHaveLength(0);
  });

  // Issue 24, point 2: a taken address answers as a new one would, and its owner is told by mail.
  it('answers a taken address as a new one, and mails the owner instead of creating an account', async () => {
    const owner = await makeUser(t.db, { email: 'taken@example.com', locale: 'ua' });
    const fresh = await t.api('POST', 'auth/register', { body: signup('fresh@example.com'), locale: 'ua' });
    const taken = await t.api('POST', 'auth/register', {
      body: signup('Taken@Example.com', { password: 'other-pass-1', passwordConfirmation: 'other-pass-1' }),
      locale: 'ru',
    });
    expect([taken.status, taken.body]).toEqual([fresh.status, fresh.body]);
    expect(taken.status).toBe(200);

    const [mail] = t.smtp.to('taken@example.com');
    expect(mail.subject).toBe('Вашу адресу використали для реєстрації');
    expect(linkIn(mail, '/login')).toBe('http://app.test/ua/login');
    // Nothing changed for the account: its password is still the old one.
    const old = await t.api('POST', 'auth/login', { body: { email: owner.email, password: owner.password } });
    expect(old.status).toBe(200);
    const other = await t.api('POST', 'auth/login', {
      body: { email: owner.email, password: 'other-pass-1' },
    });
    expect(other.status).toBe(401);
  });

  it('mails a fresh confirmation link when a taken address was never confirmed', async () => {
    await t.api('POST', 'auth/register', { body: signup('lost-link@example.com') });
    const again = await t.api('POST', 'auth/register', { body: signup('lost-link@example.com') });
    expect(again.status).toBe(200);
    const mails = t.smtp.to('lost-link@example.com');
    expect(mails).toHaveLength(2);
    const code = codeFrom(linkIn(mails[1], '/confirm-email/'));
    expect((await t.api('GET', `auth/confirm-email/${code}`)).status).toBe(200);
  });

  it('answers 422 with the spec message for an unknown or already used confirmation code', async () => {
    const unknown = await t.api('GET', 'auth/confirm-email/nope');
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Something went wrong. Follow the link again, please.');

    await t.api('POST', 'auth/register', { body: signup('twice@example.com') });
    const code = codeFrom(linkIn(t.smtp.to('twice@example.com')[0], '/confirm-email/'));
    expect((await t.api('GET', `auth/confirm-email/${code}`)).status).toBe(200);
    const again = await t.api('GET', `auth/confirm-email/${code}`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Something went wrong. Follow the link again, please.');
  });

  it('answers 401 Bad credentials for a wrong password or an unknown email', async () => {
    const user = await makeUser(t.db);
    const wrong = await t.api('POST', 'auth/login', {
      body: { email: user.email, password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Bad credentials' });
    const unknown = await t.api('POST', 'auth/login', {
      body: { email: 'ghost@example.com', password: 'whatever1' },
    });
    expect(unknown.status).toBe(401);
  });

  it('rate-limits repeated failures from one address with 429, even for the right password', async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await t.api('POST', 'auth/login', {
        body: { email: user.email, password: `wrong-${i}-pass` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.api('POST', 'auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
  });

  it('answers a guest 401 on a secured route before looking at its input', async () => {
    const list = await t.api('GET', 'links?page[number]=abc&filter[campaign]=99999999999999999999');
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ message: 'Unauthenticated.' });
    expect((await t.api('POST', 'projects/', { body: null })).status).toBe(401);
  });

  it('logout revokes the token: the same token then gets 401', async () => {
    const { token } = await makeUserWithToken(t.db);
    expect((await t.api('GET', 'user/me', { token })).status).toBe(200);
    expect((await t.api('POST', 'auth/logout', { token })).body).toBe(true);
    const after = await t.api('GET', 'user/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const user = await makeUser(t.db, { locale: 'ua' });
    const known = await t.api('POST', 'auth/forgot-password', { body: { email: user.email } });
    const unknown = await t.api('POST', 'auth/forgot-password', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(t.smtp.received).toHaveLength(1);
    expect(t.smtp.received[0].subject).toBe('Скидання пароля');
  });

  it('resets the password with the mailed token once, and signs out other sessions', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    await t.api('POST', 'auth/forgot-password', { body: { email: user.email } });
    const link = new URL(linkIn(t.smtp.to(user.email)[0], '/login/reset-password'));
    const resetToken = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe(user.email);

    const body = {
      token: resetToken,
      email: user.email,
      password: 'brand-new-pass',
      passwordConfirmation: 'brand-new-pass',
    };
    const bad = await t.api('POST', 'auth/reset-password', { body: { ...body, email: 'other@example.com' } });
    expect(bad.status).toBe(422);
    expect((await t.api('POST', 'auth/reset-password', { body })).status).toBe(200);
    expect((await t.api('POST', 'auth/reset-password', { body })).status).toBe(422);

    expect((await t.api('GET', 'user/me', { token })).status).toBe(401);
    const login = await t.api('POST', 'auth/login', {
      body: { email: user.email, password: 'brand-new-pass' },
    });
    expect(login.status).toBe(200);
  });
});

describe('reset links die together', () => {
  async function mailResetLink(email: string) {
    t.smtp.clear();
    await t.api('POST', 'auth/forgot-password', { body: { email } });
    return new URL(linkIn(t.smtp.to(email)[0], '/login/reset-password')).searchParams.get('token')!;
  }
  const resetBody = (token: string, email: string, password: string) => ({
    token,
    email,
    password,
    passwordConfirmation: password,
  });

  it('an older link no longer works once a newer one was used', async () => {
    const user = await makeUser(t.db);
    const older = await mailResetLink(user.email);
    const newer = await mailResetLink(user.email);
    const used = await t.api('POST', 'auth/reset-password', {
      body: resetBody(newer, user.email, 'newer-pass-1'),
    });
    expect(used.status).toBe(200);
    const stale = await t.api('POST', 'auth/reset-password', {
      body: resetBody(older, user.email, 'older-pass-1'),
    });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toBe('This password reset link is invalid or has expired.');
  });

  it('a mailed link no longer works after the password is changed in the profile', async () => {
    const { user, token } = await makeUserWithToken(t.db);
    const link = await mailResetLink(user.email);
    const change = await t.api('POST', 'user/change-password', {
      token,
      body: {
        currentPassword: user.password,
        password: 'changed-pass-1',
        passwordConfirmation: 'changed-pass-1',
      },
    });
    expect(change.status).toBe(200);
    const stale = await t.api('POST', 'auth/reset-password', {
      body: resetBody(link, user.email, 'reset-pass-1'),
    });
    expect(stale.status).toBe(422);
  });

  it('of two links used at once, one wins and the other changes nothing', async () => {
    const user = await makeUser(t.db);
    const first = await mailResetLink(user.email);
    const second = await mailResetLink(user.email);
    const answers = await Promise.all([
      t.api('POST', 'auth/reset-password', { body: resetBody(first, user.email, 'first-pass-1') }),
      t.api('POST', 'auth/reset-password', { body: resetBody(second, user.email, 'second-pass-1') }),
      t.api('POST', 'auth/reset-password', { body: resetBody(first, user.email, 'third-pass-11') }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const winner = ['first-pass-1', 'second-pass-1', 'third-pass-11'][
      answers.findIndex((a) => a.status === 200)
    ];
    const login = await t.api('POST', 'auth/login', { body: { email: user.email, password: winner } });
    expect(login.status).toBe(200);
  });
});

describe('captcha', () => {
  it('checks the token against a siteverify endpoint and answers Captcha is wrong! on failure', async () => {
    const seen: string[] = [];
    const verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const params = new URLSearchParams(body);
        seen.push(`${params.get('secret')}:${params.get('response')}`);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: params.get('response') === 'human' }));
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
    const { port } = verifier.address() as AddressInfo;
    const captcha = siteverifyCaptcha({ verifyUrl: `http://127.0.0.1:${port}/siteverify`, secret: 's3cret' });
    const app = await createTestApp({ captcha });
    try {
      const robot = await app.api('POST', 'auth/register', {
        body: signup('robot@example.com', { captcha: 'bot' }),
      });
      expect(robot.status).toBe(422);
      expect(robot.body.errors.captcha).toEqual(['Captcha is wrong!']);
      const missing = await app.api('POST', 'auth/register', { body: signup('robot2@example.com') });
      expect(missing.status).toBe(422);
      const human = await app.api('POST', 'auth/register', {
        body: signup('human@example.com', { captcha: 'human' }),
      });
      expect(human.status).toBe(200);
      expect(seen).toEqual(['s3cret:bot', 's3cret:human']);
    } finally {
      await app.close();
      verifier.close();
    }
  });

  it('is not asked for while the operator has switched it off in the console (issue 28), with an audit row', async () => {
    const verifier = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: false }));
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
    const { port } = verifier.address() as AddressInfo;
    const captcha = siteverifyCaptcha({ verifyUrl: `http://127.0.0.1:${port}/siteverify`, secret: 's3cret' });
    const app = await createTestApp({ captcha, env: { CAPTCHA_SITE_KEY: 'site-key' } });
    try {
      const admin = await makeUserWithToken(app.db, { isAdmin: true });
      const operator = (body: unknown) => app.api('PUT', 'admin/settings', { token: admin.token, body });
      const siteKey = async () => (await app.api('GET', 'settings')).body.data.attributes.captchaSiteKey;
      expect(await siteKey()).toBe('site-key');
      expect(
        (await app.api('POST', 'auth/register', { body: signup('before@example.com', { captcha: 'x' }) }))
          .status,
      ).toBe(422);

      expect((await operator({ captchaEnabled: false, reason: 'provider outage' })).status).toBe(200);
      expect(await siteKey()).toBeNull();
      const through = await app.api('POST', 'auth/register', { body: signup('off@example.com') });
      expect(through.status).toBe(200);
      const rows = await app.db.select().from(adminAudit).where(eq(adminAudit.kind, 'settings.update'));
      expect(rows).toMatchObject([
        { actorId: admin.user.id, before: { captchaEnabled: true }, after: { captchaEnabled: false } },
      ]);

      expect((await operator({ captchaEnabled: true })).status).toBe(200);
      expect(await siteKey()).toBe('site-key');
      expect((await app.api('POST', 'auth/register', { body: signup('on@example.com') })).status).toBe(422);
      expect((await operator({ captchaEnabled: 'no' })).status).toBe(422);
    } finally {
      await app.close();
      verifier.close();
    }
  });
});
