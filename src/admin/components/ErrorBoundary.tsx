import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * The admin area's default error screen: an unexpected fault in the admin area
 * shows 'Unexpected Application Error!' instead of a blank page; the details go to the console.
 */
export default class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Admin area failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="admin-status" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p>
          Something went wrong on this page. <a href="/admin">Reload the admin area</a> or go to the{' '}
          <a href="/">home page</a>.
        </p>
      </div>
    );
  }
}
