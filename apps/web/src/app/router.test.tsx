import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderApp.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Broken(): never {
  throw new Error('broken page');
}

/** A page that fails to render, a page that works, and a way from one to the other outside the boundary. */
function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/en/fine')}>
        elsewhere
      </button>
      <RouteErrorBoundary resetKey={location.key}>
        <Routes>
          <Route path="/en/broken" element={<Broken />} />
          <Route path="/en/fine" element={<p>a working page</p>} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page for a page that throws, and the next navigation clears it', async () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <MemoryRouter initialEntries={['/en/broken']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(await screen.findByText('a working page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
