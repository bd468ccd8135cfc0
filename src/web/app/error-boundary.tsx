import { Component, type ReactNode } from 'react';
import { ErrorContent } from '@web/features/errors/error-page';

/** Last line of defence: a crash outside the router still shows the error page, never a white screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('PickupLine crashed:', error);
  }

  override render() {
    if (this.state.error) return <ErrorContent onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
