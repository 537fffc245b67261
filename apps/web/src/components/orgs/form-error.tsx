import { ApiError } from "../../lib/api-error.js";

/** The hub's own message for a refused change (it answers every bad input with `{ error }`). */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : "Something went wrong.";
  const status = error instanceof ApiError && error.status > 0 ? ` (HTTP ${error.status})` : "";
  return (
    <p className="notice notice-error" role="alert" style={{ margin: 0 }}>
      {message}
      <span className="faint">{status}</span>
    </p>
  );
}
