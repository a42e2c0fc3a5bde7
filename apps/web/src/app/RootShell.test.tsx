import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootShell } from './RootShell.tsx';

/** The frame over two pages, opened on the first, with the window scrolled down 300 px. */
function renderScrolled() {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(300);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
  const router = createMemoryRouter(
    [
      {
        element: <RootShell titleAt={() => undefined} />,
        children: [
          { path: '/en', element: <p>first</p> },
          { path: '/en/second', element: <p>second</p> },
        ],
      },
    ],
    { initialEntries: ['/en'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RootShell', () => {
  it('scrolls to the top when the route changes, not on the first render', async () => {
    const router = renderScrolled();
    expect(window.scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/en/second'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
