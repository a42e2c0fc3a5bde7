import { Component, type ReactNode, Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { lazyPage } from './lazyPage.ts';
import { appRoutes } from './routes.tsx';

const RouteErrorPage = lazyPage(() =>
  import('./pages/RouteErrorPage.tsx').then((m) => ({ default: m.RouteErrorPage })),
);

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { resetKey: string; failed: boolean; error: unknown };

/**
 * spec point 8: an error thrown while a page renders (a 403, 404 or 5xx query, a chunk that failed twice)
 * shows the full error page until the next navigation, as a data router's errorElement would.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { resetKey: this.props.resetKey, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, failed: false, error: undefined };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense>
        <RouteErrorPage error={this.state.error} />
      </Suspense>
    );
  }
}

/** The route table inside a BrowserRouter (or a MemoryRouter in tests); each navigation clears an error. */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(appRoutes);
  return <RouteErrorBoundary resetKey={location.key}>{page}</RouteErrorBoundary>;
}
