import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';

/** What the signed-in layout hands the page it shows. */
export interface AppOutletContext {
  /**
   * The subscription banner, when the page shows it itself rather than under the header: the dashboard on a phone
   * folds it into its one-line status summary. Null when the layout shows it.
   */
  subscriptionBanner: ReactNode | null;
}

/** The layout's context, or undefined for a page rendered outside it (a test). */
export const useAppOutletContext = () => useOutletContext<AppOutletContext | undefined>();
