import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { useState } from 'react';
import { ErrorBoundary } from './error-boundary';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, retry: 1 } } }),
  );
  const [router] = useState(createRouter);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* react-hot-toast's defaults are the spec's: durations per type and at most 20 on screen. */}
        <Toaster position="top-right" />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
