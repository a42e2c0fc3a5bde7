import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToFieldErrors, MAX_ID, MAX_PAGE_NUMBER } from '../validation.ts';
import { pageOf, query } from './list-query.ts';

const ZQuery = z
  .object({
    ...query.page(),
    'filter[campaign]': query.id(),
    'filter[tier]': query.number([1, 2]),
    'filter[from]': query.date(),
    'filter[query]': query.search(),
    sort: query.sort(['id', 'url'], '-id'),
    'links[]': query.ids(),
  })
  .transform((q) => ({ page: pageOf(q), campaign: q['filter[campaign]'], sort: q.sort, ids: q['links[]'] }));

const errorsOf = (input: Record<string, string | string[]>) => {
  const result = ZQuery.safeParse(input);
  return result.success ? {} : issuesToFieldErrors(result.error.issues, 'en');
};

describe('the list query pieces', () => {
  it('read flat keys into typed values, with the defaults of an absent key', () => {
    expect(ZQuery.parse({})).toEqual({
      page: { number: 1, size: 50 },
      campaign: undefined,
      sort: { field: 'id', desc: true },
      ids: undefined,
    });
    expect(
      ZQuery.parse({
        'page[number]': ['3', 'x'],
        'filter[campaign]': '7',
        sort: 'url',
        'links[]': ['1', '2,3'],
      }),
    ).toEqual({
      page: { number: 3, size: 50 },
      campaign: 7,
      sort: { field: 'url', desc: false },
      ids: [1, 2, 3],
    });
  });

  it('name a broken key as the readers did: filter.campaign, labelled "filter"', () => {
    expect(errorsOf({ 'page[number]': String(MAX_PAGE_NUMBER + 1) })).toEqual({
      'page.number': ['The page field is invalid'],
    });
    expect(errorsOf({ 'page[size]': '75' })).toEqual({ 'page.size': ['The page field is invalid'] });
    expect(errorsOf({ 'filter[campaign]': String(MAX_ID + 1) })).toEqual({
      'filter.campaign': ['The filter field is invalid'],
    });
    expect(errorsOf({ 'filter[campaign]': 'a\u0000b' })).toHaveProperty(['filter.campaign']);
    expect(errorsOf({ 'filter[tier]': '3' })).toEqual({ 'filter.tier': ['The filter field is invalid'] });
    expect(errorsOf({ 'filter[from]': '10000-01-01' })).toEqual({
      'filter.from': ['The filter field must be a valid date between 1970 and 9999'],
    });
    expect(errorsOf({ 'filter[query]': 'ab' })).toHaveProperty(['filter.query']);
    expect(errorsOf({ sort: '-bogus' })).toHaveProperty('sort');
    expect(errorsOf({ 'links[]': ['1', 'x'] })).toHaveProperty('links');
  });

  it('keep the raw shape as their input, so the OpenAPI document lists every key', () => {
    const schema = z.toJSONSchema(ZQuery, { io: 'input' }) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual([
      'page[number]',
      'page[size]',
      'filter[campaign]',
      'filter[tier]',
      'filter[from]',
      'filter[query]',
      'sort',
      'links[]',
    ]);
  });
});
