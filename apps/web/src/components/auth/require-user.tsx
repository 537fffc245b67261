import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Spinner } from "../ui/status.js";
import { paths } from "../../config/paths.js";
import { useAuth } from "../../lib/auth/auth-context.js";

/** Renders children for a signed-in user, else a sign-in prompt (no silent redirects). */
export function RequireUser({ children, what }: { children: ReactNode; what: string }) {
  const { user, signedIn, checking } = useAuth();
  const location = useLocation();
  if (checking) return <Spinner label="Checking your session…" />;
  if (!signedIn || !user) {
    return (
      <div className="card status">
        <p className="status-title">Sign in to {what}</p>
        <p className="status-body">
          <Link className="button button-primary" to={paths.signIn(location.pathname + location.search)}>
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
