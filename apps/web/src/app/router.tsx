import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { routesFor } from './routes.tsx';

/** The route table inside a BrowserRouter (or a MemoryRouter in tests); each navigation clears an error. */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routesFor(location.pathname));
  // The outer boundary: an error of a layout itself (a page's error stays inside its layout, PageTransition).
  return (
    <RouteErrorBoundary resetKey={location.key} fullScreen>
      {page}
    </RouteErrorBoundary>
  );
}
