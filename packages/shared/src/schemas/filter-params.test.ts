import { describe, expect, expectTypeOf, it } from 'vitest';
import { ZCrawlerListQuery } from './crawlers.ts';
import { type FilterName, filterParams, filterValue, pickFilters } from './filter-params.ts';
import { ZLinkListQuery } from './link-queries.ts';
import type { ZActionListQuery } from './queries.ts';

describe('filterParams', () => {
  it('writes each filter as its filter[...] key, in order, keeping empty ones', () => {
    expect(filterParams({ project: '3', tier: undefined, query: 'shop' })).toEqual({
      'filter[project]': '3',
      'filter[tier]': undefined,
      'filter[query]': 'shop',
    });
    expect(Object.keys(filterParams({ b: 1, a: 2 }))).toEqual(['filter[b]', 'filter[a]']);
    expect(filterParams({})).toEqual({});
  });

  it('keeps lists for the query string to repeat', () => {
    expect(filterParams({ statuses: [2, 0] })).toEqual({ 'filter[statuses]': [2, 0] });
  });

  it('writes what the shared schemas parse back', () => {
    const query = {
      ...filterParams<FilterName<typeof ZCrawlerListQuery>>({ project: '7', status: '2', query: ' x ' }),
      'page[number]': '1',
    };
    expect(ZCrawlerListQuery.parse(query).filters).toMatchObject({ project: 7, status: 2, query: 'x' });
    const links = ZLinkListQuery.parse(
      filterParams<FilterName<typeof ZLinkListQuery>>({ campaign: '5', type: '1' }),
    );
    expect(links.filters).toMatchObject({ campaign: 5, type: 1 });
  });

  it('names only the filters a schema reads', () => {
    expectTypeOf<FilterName<typeof ZActionListQuery>>().toEqualTypeOf<
      'statuses' | 'action' | 'project' | 'campaign' | 'date'
    >();
    // @ts-expect-error: the crawler list has no campaign filter
    filterParams<FilterName<typeof ZCrawlerListQuery>>({ campaign: '1' });
  });
});

describe('pickFilters and filterValue', () => {
  const query = { 'filter[campaign]': '5', 'filter[type]': 2, 'page[number]': 1 };

  it('take the named filters of a query as they are', () => {
    expect(pickFilters(query, ['campaign', 'project'])).toEqual({
      'filter[campaign]': '5',
      'filter[project]': undefined,
    });
    expect(filterValue(query, 'type')).toBe(2);
    expect(filterValue(query, 'tier')).toBeUndefined();
  });
});
