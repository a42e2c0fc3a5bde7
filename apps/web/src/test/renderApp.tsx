import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { createQueryClient, Providers } from '@/app/providers.tsx';
import { AppRoutes } from '@/app/router.tsx';

type RouterProbe = { location?: Location; navigate?: NavigateFunction };

/** Hands the test the router's current location and its navigate function. */
function Probe({ into }: { into: RouterProbe }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/** The real route table and providers, in memory, starting at `path`. */
export function renderApp(path: string) {
  const probe: RouterProbe = {};
  const queryClient = createQueryClient();
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe into={probe} />
      </MemoryRouter>
    </Providers>,
  );
  const location = () => `${probe.location?.pathname}${probe.location?.search}`;
  const navigate = (to: string) => act(async () => probe.navigate?.(to));
  return { ...view, queryClient, location, navigate };
}

/** The app's own query client (its retry and page-error rules), for a test that fills it first. */
export { createQueryClient as createAppQueryClient };

/** The app's providers (query client, notices, the realtime bridge) around `children`, without routes. */
export function renderWithProviders(children: ReactNode, queryClient: QueryClient = createQueryClient()) {
  return render(<Providers queryClient={queryClient}>{children}</Providers>);
}
