import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnexpectedError } from './UnexpectedError';

interface State {
  error: Error | null;
}

/** A route that throws while rendering (or whose code fails to load) shows the generic error page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <UnexpectedError detail={this.state.error.message} onReload={() => window.location.reload()} />;
    }
    return this.props.children;
  }
}
