import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'react-hot-toast';
import type { ReactNode } from 'react';
import { useHydrated } from '@web/lib/hydration';
import { LiveStreamProvider } from '@web/lib/realtime';
import { ErrorBoundary } from './error-boundary';
import type { AppRouter } from './router';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, retry: 1 } } });
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Everything around the router. The build's prerendering (prerender.tsx) renders pages inside the same frame, so the
 * browser's first render of a prerendered page matches its HTML.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // The toasts' container is styled inline, which a static page may not carry under the Content-Security-Policy: it
  // joins once the app runs.
  const isHydrated = useHydrated();
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <LiveStreamProvider>{children}</LiveStreamProvider>
        {/* react-hot-toast's defaults are the spec's: durations per type and at most 20 on screen. */}
        {isHydrated && <Toaster position="top-right" />}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
