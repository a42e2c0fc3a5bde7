import { DEFAULT_PAGE_SIZE } from '@linkwatch/shared';
import { describe, expect, it } from 'vitest';
import { readPage, readSize, withChanges } from './listParams.ts';

describe('list parameters', () => {
  it('reads a missing or broken page as the first and an unoffered size as the default', () => {
    expect(readPage(new URLSearchParams('page=x'))).toBe(1);
    expect(readPage(new URLSearchParams('page=3'))).toBe(3);
    expect(readSize(new URLSearchParams('size=7'))).toBe(DEFAULT_PAGE_SIZE);
  });

  it('leaves out empty values and the first page', () => {
    const next = withChanges(new URLSearchParams('q=a&page=4&status=ok'), { q: '', status: null, page: 1 });
    expect(next.toString()).toBe('');
  });

  it('starts from the first page on a change without a page only when asked', () => {
    const current = new URLSearchParams('page=4');
    expect(withChanges(current, { type: 'x' }).toString()).toBe('page=4&type=x');
    expect(withChanges(current, { type: 'x' }, { restartPage: true }).toString()).toBe('type=x');
    expect(withChanges(current, { page: '2' }, { restartPage: true }).toString()).toBe('page=2');
  });
});
