import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-error.js";

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="status status-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Skeleton({ lines = 3, height }: { lines?: number; height?: string }) {
  return (
    <div className="skeleton-group" aria-hidden="true" style={height ? { minHeight: height } : undefined}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="status status-empty">
      <p className="status-title">{title}</p>
      {children ? <div className="status-body">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  const status = error instanceof ApiError && error.status > 0 ? ` (HTTP ${error.status})` : "";
  return (
    <div className="status status-error" role="alert">
      <p className="status-title">Could not load this{status}</p>
      <p className="status-body">{message}</p>
      {retry ? (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function NotFoundState({ what = "page" }: { what?: string }) {
  return (
    <div className="not-found">
      <p className="not-found-code">404</p>
      <h1>Sorry, we can't find that {what}.</h1>
      <p className="muted">
        The address may be mistyped, or the {what} may have been moved, renamed or deleted.
      </p>
      <p>
        <Link className="button button-primary" to="/">
          Back to the home page
        </Link>{" "}
        <Link className="button" to="/models">
          Browse models
        </Link>
      </p>
    </div>
  );
}
