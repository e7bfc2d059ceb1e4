import { Component, type ReactNode } from 'react';
import { ScreenLoadFailed } from './ScreenLoadFailed.tsx';

interface State {
  error: Error | null;
}

/**
 * Catches a screen that failed to load or render (e.g. a page chunk that no longer exists after
 * a deployment), so the rest of the console keeps working; the loading markers clear because
 * the loading fallback unmounts.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Watchfloor: a screen failed', error);
  }

  override render() {
    if (this.state.error) return <ScreenLoadFailed />;
    return this.props.children;
  }
}
