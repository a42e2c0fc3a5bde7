import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '@/app/providers.tsx';
import { appRoutes } from '@/app/routes.tsx';

/** The real route table and providers, in memory, starting at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location };
}

/** The app's providers (query client, notices, the realtime bridge) around `children`, without routes. */
export function renderWithProviders(children: ReactNode, queryClient: QueryClient = createQueryClient()) {
  return render(<Providers queryClient={queryClient}>{children}</Providers>);
}
