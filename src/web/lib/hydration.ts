import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the build renders a page to static HTML (see prerender.tsx) and while the browser's first render adopts
 * that HTML (hydration); true right after, and from the start on every page the app renders by itself.
 *
 * Hydration keeps the prerendered attributes as they are: what differs once the app runs (a control that needs the
 * app to work) renders its static form until this turns true, then changes in an ordinary update.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
