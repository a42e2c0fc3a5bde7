import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { reloadAfterChunkError } from './app/lazyPage.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';

// spec point 8: a failed chunk preload forces one reload, at most once per 60 seconds.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The page's language catalog comes in its own chunk; painting before it would show bare keys.
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
