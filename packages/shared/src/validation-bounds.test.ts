import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFieldErrors, MAX_ID, parseIsoDate, rules } from './validation.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : issuesToFieldErrors(result.error.issues, 'en');
};

describe('bounds of the shared rules', () => {
  it('reads ids as digits from 1 to the integer column maximum', () => {
    const id = z.object({ id: rules.id() });
    expect(id.parse({ id: String(MAX_ID) })).toEqual({ id: MAX_ID });
    expect(id.parse({ id: 7 })).toEqual({ id: 7 });
    expect(errorsOf(id, { id: '99999999999999999999' })).toEqual({ id: ['The id field is invalid'] });
    expect(errorsOf(id, { id: MAX_ID + 1 })).toEqual({ id: ['The id field is invalid'] });
    expect(errorsOf(id, { id: 0 })).toEqual({ id: ['The id field is invalid'] });
    for (const bad of ['1e3', ' 7', '0x10', '-1', 1.5, null, [1]])
      expect(errorsOf(id, { id: bad }), String(bad)).toHaveProperty('id');
  });

  it('accepts ISO dates from 1970 to 9999 only, and only days that exist', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ time: Date.UTC(2024, 1, 29), dayOnly: true });
    expect(parseIsoDate('2024-05-10T12:30:00Z')).toEqual({
      time: Date.UTC(2024, 4, 10, 12, 30),
      dayOnly: false,
    });
    expect(parseIsoDate('9999-12-31')?.dayOnly).toBe(true);
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '1969-12-31',
      '10000-01-01',
      '-271821-04-20',
      '+275760-09-13',
      'yesterday',
      '2024-05-10T25:00:00Z',
    ])
      expect(parseIsoDate(bad), bad).toBeUndefined();
    expect(errorsOf(z.object({ day: rules.date() }), { day: '0001-01-01' })).toEqual({
      day: ['The day field must be a valid date between 1970 and 9999'],
    });
  });

  it('refuses U+0000 in every text rule', () => {
    const form = z.object({
      name: rules.requiredString(),
      comment: rules.optionalString(),
      email: rules.email(),
      password: rules.password(),
      note: rules.text(),
    });
    const errors = errorsOf(form, {
      name: 'a\u0000',
      comment: '\u0000',
      email: 'a\u0000@b.co',
      password: 'long enough\u0000',
      note: '\u0000',
    });
    expect(Object.keys(errors).sort()).toEqual(['comment', 'email', 'name', 'note', 'password']);
    expect(errors.note).toEqual(['The note field may not contain a null character (U+0000)']);
  });

  it('names a body that is not an object', () => {
    expect(errorsOf(z.object({ a: z.string() }), null)).toEqual({
      _: ['The request body must be a JSON object'],
    });
  });
});
