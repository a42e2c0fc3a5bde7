import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZRegisterRequest } from './schemas/auth.ts';
import { issuesToFieldErrors, rules } from './validation.ts';

function errorsOf(schema: z.ZodType, value: unknown, locale: 'en' | 'ru' | 'ua' = 'en') {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return issuesToFieldErrors(result.error.issues, locale);
}

describe('validation messages', () => {
  it('names every missing and malformed register field in the chosen language', () => {
    const errors = errorsOf(ZRegisterRequest, {
      email: 'nope',
      password: 'short',
      passwordConfirmation: 'x',
    });
    expect(errors.name).toEqual(['The name field is required']);
    expect(errors.email).toEqual(['The email field must be a valid email']);
    expect(errors.password).toEqual(['The password field must be at least 8 characters']);
    expect(errorsOf(ZRegisterRequest, {}, 'ua').name).toEqual(["Поле ім'я обов'язкове для заповнення"]);
  });

  it('reports a password confirmation mismatch on passwordConfirmation', () => {
    const errors = errorsOf(ZRegisterRequest, {
      name: 'A',
      email: 'a@b.co',
      password: 'longenough',
      passwordConfirmation: 'different',
    });
    expect(errors).toEqual({
      passwordConfirmation: ['The password confirmation does not match the password'],
    });
    const mismatch = { name: 'A', email: 'a@b.co', password: 'longenough', passwordConfirmation: 'x' };
    expect(errorsOf(ZRegisterRequest, mismatch, 'ru').passwordConfirmation).toEqual([
      'Поле подтверждение пароля не совпадает с паролем',
    ]);
    expect(errorsOf(ZRegisterRequest, mismatch, 'ua').passwordConfirmation).toEqual([
      'Поле підтвердження пароля не збігається з паролем',
    ]);
  });

  it('checks domains without protocol and spaces with the exact spec messages', () => {
    const domains = z.object({ domains: z.array(rules.websiteAddressWithoutDomain()) });
    const value = {
      domains: ['good.com', 'http://bad.com', 'with space.com', 'nodot', 'https://shop.example.org/a'],
    };
    const errors = errorsOf(domains, value);
    expect(errors['domains.0']).toBeUndefined();
    // Both placeholders filled: the field's name, and the user's own address without its protocol.
    expect(errors['domains.1']).toEqual([
      'The domain field must be valid url(without protocol). For example: "bad.com"',
    ]);
    expect(errors['domains.2']).toContain('The domain field must be without spaces');
    // No address to put right: the example is a generic one.
    expect(errors['domains.3']).toEqual([
      'The domain field must be valid url(without protocol). For example: "example.com"',
    ]);
    expect(errorsOf(domains, value, 'ru')['domains.4']).toEqual([
      'Поле домен должно быть корректным url (без протокола). Например: "shop.example.org/a"',
    ]);
    expect(errorsOf(domains, value, 'ua')['domains.1']).toEqual([
      'Поле домен має бути коректним url (без протоколу). Наприклад: "bad.com"',
    ]);
  });
});
