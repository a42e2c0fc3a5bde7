import { describe, expect, it } from 'vitest';
import { BROWSER_BASE_BYTES, PAGE_BYTES, poolSizeFor } from './pool-size.ts';

const MB = 2 ** 20;

describe('the render pool as memory allows', () => {
  it('keeps the configured pool when memory holds it', () => {
    expect(poolSizeFor({ browsers: 2, pagesPerBrowser: 4, availableBytes: 8192 * MB })).toEqual({
      browsers: 2,
      pagesPerBrowser: 4,
    });
  });

  it('starts fewer browsers when memory holds fewer, counting each page in flight', () => {
    // 610 MB per browser with 4 pages: 1,300 MB holds two.
    expect(poolSizeFor({ browsers: 4, pagesPerBrowser: 4, availableBytes: 1300 * MB })).toEqual({
      browsers: 2,
      pagesPerBrowser: 4,
    });
    // With 12 pages a browser takes 1,090 MB: the same memory holds one.
    expect(poolSizeFor({ browsers: 4, pagesPerBrowser: 12, availableBytes: 1300 * MB })).toEqual({
      browsers: 1,
      pagesPerBrowser: 12,
    });
  });

  it('renders fewer pages at once in one browser when even one full browser does not fit', () => {
    const available = BROWSER_BASE_BYTES + 3 * PAGE_BYTES + MB;
    expect(poolSizeFor({ browsers: 2, pagesPerBrowser: 8, availableBytes: available })).toEqual({
      browsers: 1,
      pagesPerBrowser: 3,
    });
    expect(poolSizeFor({ browsers: 2, pagesPerBrowser: 8, availableBytes: 10 * MB })).toEqual({
      browsers: 1,
      pagesPerBrowser: 1,
    });
  });
});
