import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faviconUrl } from '@/api/http.ts';
import { DEFAULT_FAVICON, Favicon } from './Favicon.tsx';

describe('Favicon', () => {
  it('asks our server for the site’s favicon, lazily, never the site itself', () => {
    expect(faviconUrl('https://shop.example.com/blog/post?x=1')).toBe('/api/favicons/shop.example.com');
    expect(faviconUrl('shop.example.com')).toBe('/api/favicons/shop.example.com');
    expect(faviconUrl('http://localhost:8080/a')).toBe('/api/favicons/localhost%3A8080');
    expect(faviconUrl('')).toBeNull();
    const { container } = render(<Favicon src={faviconUrl('https://shop.example.com/')} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/favicons/shop.example.com');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('is replaced by the default image when it fails to load (spec 8)', () => {
    const { container, rerender } = render(<Favicon src="/api/favicons/gone.example.com" />);
    const img = container.querySelector('img') as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_FAVICON);
    expect(img.dataset.favicon).toBe('default');
    // Another row's site is asked for again, not left on the default.
    rerender(<Favicon src="/api/favicons/shop.example.com" />);
    expect(img.getAttribute('src')).toBe('/api/favicons/shop.example.com');
  });

  it('shows the default image when there is no site', () => {
    const { container } = render(<Favicon src={null} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_FAVICON);
  });
});
