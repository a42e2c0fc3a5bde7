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
      passwordConfirmation: ['The password confirmation field confirmation does not match'],
    });
  });

  it('checks domains without protocol and spaces with the exact spec messages', () => {
    const domains = z.object({ domains: z.array(rules.websiteAddressWithoutDomain()) });
    const errors = errorsOf(domains, { domains: ['good.com', 'http://bad.com', 'with space.com'] });
    expect(errors['domains.0']).toBeUndefined();
    expect(errors['domains.1']).toEqual([
      'The domain field must be valid url(without protocol). For example: "example.com"',
    ]);
    expect(errors['domains.2']).toContain('The domain field must be without spaces');
  });
});
