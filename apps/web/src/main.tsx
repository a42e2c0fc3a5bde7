import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { getToken } from './api/token.ts';
import { onCaughtError } from './app/caughtErrors.ts';
import { reloadAfterChunkError } from './app/lazyPage.ts';
import { prefetchCampaignPage, prefetchDashboardPage, readSoon } from './app/prefetchCampaign.ts';
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
// The reads each in a task of their own, after the modules' evaluation (see readSoon). On the dashboard and a
// campaign page the entry script boot.ts has sent them already, in one batch call: these take its answers
// (app/firstReads.ts).
const routeLoaded = preloadRoute(window.location.pathname);
const queryClient = createQueryClient();
if (getToken()) {
  readSoon(() => queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 }));
  prefetchCampaignPage(queryClient, window.location);
  prefetchDashboardPage(queryClient, window.location.pathname);
}

// The page's language catalog comes in its own chunk; painting before it would show bare keys. A signed-in
// visit also waits for its page's chunks (index.html's static frame stands meanwhile): rendered before them,
// the page would suspend and React would reveal it no sooner than 300 ms after its placeholder. A guest's
// visit to a signed-in page goes to the login without them.
// The first render is a transition: React builds the page in slices of a few milliseconds and lets the
// browser answer input between them, instead of one task of 100–300 ms on a phone's slower processor.
void Promise.allSettled([i18nReady, getToken() ? routeLoaded : undefined]).then(() =>
  startTransition(() =>
    createRoot(root, { onCaughtError }).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  ),
);
