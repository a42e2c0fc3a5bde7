import { Component, type ReactNode, Suspense } from 'react';
import { lazyPage } from './lazyPage.ts';

const RouteErrorPage = lazyPage(() =>
  import('@/pages/RouteErrorPage.tsx').then((m) => ({ default: m.RouteErrorPage })),
);

type BoundaryProps = {
  resetKey: string;
  /** Outside any layout: the error page fills the window. Inside one it takes the page's place. */
  fullScreen?: boolean;
  children: ReactNode;
};
type BoundaryState = { resetKey: string; failed: boolean; error: unknown };

/**
 * spec point 8: an error thrown while a page renders (a 403, 404 or 5xx query, a chunk that failed twice)
 * shows the error page until the next navigation, as a data router's errorElement would. Each layout holds
 * one around its page (PageTransition), so the sidebar and header stay; AppRoutes holds the last one.
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
        <RouteErrorPage error={this.state.error} fullScreen={this.props.fullScreen} />
      </Suspense>
    );
  }
}
