import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { meQueryKey } from './lib/session';
import { pageSession } from './lib/prerendered-page';
import { App, createQueryClient } from './app/app';
import { createRouter, whenRouterReady } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createRouter();
const queryClient = createQueryClient();
// The page's own script already heard that nobody is signed in (app-page.ts): no need to ask again.
if (pageSession.takeVisitor()) queryClient.setQueryData(meQueryKey, null);

const app = (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);

if (root.hasChildNodes()) {
  // A page the build prerendered (prerender.tsx): the app adopts its HTML as it stands, once the page's code is in.
  // The page is already on screen, so the work is done in slices that leave the browser free to answer the person
  // (an input hydrates its part of the page at once).
  void whenRouterReady(router).then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
} else {
  createRoot(root).render(app);
}
