import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { getToken } from './api/token.ts';
import { reloadAfterChunkError } from './app/lazyPage.ts';
import { prefetchCampaignPage, prefetchDashboardPage } from './app/prefetchCampaign.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { preloadRoute } from './app/routes.tsx';
import { i18nReady } from './lib/i18n.ts';
import { fetchMe, meQueryKey } from './lib/session.ts';

// spec point 8: a failed chunk preload forces one reload, at most once per 60 seconds.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A cold load asks for everything its first screen needs at once: the language catalog (i18nReady), the
// current user and the chunks of the route, instead of one after the other as each render finds them.
// The chunks first: over HTTP/1.1 a browser has six connections to the server, and the page's reads, each
// waiting for the database, took them all while the code they are shown with queued behind them.
const routeLoaded = preloadRoute(window.location.pathname);
const queryClient = createQueryClient();
let meLoaded: Promise<void> | undefined;
let titleLoaded: Promise<void> | undefined;
if (getToken()) {
  meLoaded = queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
  titleLoaded = prefetchCampaignPage(queryClient, window.location);
  prefetchDashboardPage(queryClient, window.location.pathname);
}

// The page's language catalog comes in its own chunk; painting before it would show bare keys. A signed-in
// visit also waits for its page's chunks and the current user (index.html's static frame stands meanwhile):
// rendered before the chunks, the page would suspend, blank the frame and React would reveal it no sooner
// than 300 ms after; before the user, the guard would replace the frame with a "Loading…" line for a
// moment, and the page's frame would move in after it. A campaign page also waits for the campaign (its
// title, the largest text): its first render shows it, instead of a placeholder that a second render of
// the whole page replaced a few hundred milliseconds later on a phone. A guest's visit to a signed-in page
// goes to the login without them.
const firstScreen = getToken() ? [routeLoaded, meLoaded, titleLoaded] : [];
void Promise.allSettled([i18nReady, ...firstScreen]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
