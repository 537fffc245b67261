import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  children: ReactNode;
}

interface State {
  error?: Error;
}

/** Keeps one broken page from blanking the whole app; the header stays usable. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("page crashed", error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A chunk that no longer exists usually means the hub was upgraded under this tab.
    const stale = /dynamically imported module|Loading chunk|Importing a module script failed/i.test(
      error.message,
    );
    return (
      <div className="container section">
        <div className="status status-error" role="alert">
          <p className="status-title">{stale ? "This page was updated" : "This page hit an error"}</p>
          <p className="status-body">{stale ? "Reload to get the latest version." : error.message}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    );
  }
}
