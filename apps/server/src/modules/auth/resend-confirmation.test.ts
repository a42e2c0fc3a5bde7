import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RESEND_MAX_PER_ADDRESS } from './resend-confirmation.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test from its own client address: the per-client limit is not what most of them test.
let client = 0;
beforeEach(() => {
  t.smtp.clear();
  client++;
});

const register = (email: string, locale: string) =>
  t.api('POST', 'auth/register', {
    body: { name: 'Ann', email, password: 'secret-pass', passwordConfirmation: 'secret-pass' },
    locale,
  });
const resend = (email: string, locale = 'en') =>
  t.api('POST', 'auth/email/resend', { body: { email }, locale, remoteAddress: `192.0.2.${client}` });

describe('POST auth/email/resend', () => {
  it.each([
    ['en', 'Confirm your email address'],
    ['ru', 'Подтвердите адрес электронной почты'],
    ['ua', 'Підтвердіть адресу електронної пошти'],
  ])(
    'mails the confirmation link again, in the account language, and the new link confirms (%s)',
    async (locale, subject) => {
      const email = `lost-${locale}@example.com`;
      expect((await register(email, locale)).status).toBe(200);
      t.smtp.clear();

      const res = await resend(email);
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
      const [mail] = t.smtp.to(email);
      expect(mail.subject).toBe(subject);
      const code = new URL(linkIn(mail, '/confirm-email/')).pathname.split('/').pop()!;
      expect((await t.api('GET', `auth/confirm-email/${code}`)).status).toBe(200);
      const login = await t.api('POST', 'auth/login', { body: { email, password: 'secret-pass' } });
      expect(login.status).toBe(200);
    },
  );

  it('answers the same for an unknown or a confirmed address, and mails nothing', async () => {
    const confirmed = await makeUser(t.db, { email: 'done@example.com' });
    expect(confirmed.emailVerifiedAt).not.toBeNull();
    for (const email of ['nobody@example.com', confirmed.email]) {
      const res = await resend(email);
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
    }
    expect(t.smtp.received).toHaveLength(0);
  });

  it('limits the mails an address can ask for, saying when to try again', async () => {
    const email = 'flood@example.com';
    await register(email, 'en');
    t.smtp.clear();
    for (let i = 0; i < RESEND_MAX_PER_ADDRESS; i++) expect((await resend(email)).status).toBe(200);
    const refused = await resend(email, 'ru');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toBe('Слишком много попыток. Попробуйте снова через несколько минут.');
    expect(t.smtp.to(email)).toHaveLength(RESEND_MAX_PER_ADDRESS);

    const bad = await resend('not-an-address');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('email');
  });
});
