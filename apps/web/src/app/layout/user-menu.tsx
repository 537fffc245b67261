import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { orgPaths } from "../../lib/orgs/paths.js";

export function UserMenu() {
  const { user, signedIn, checking, signOut } = useAuth();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // Close the menu after navigating and when Escape is pressed inside it.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);
  if (checking) return <span className="muted small">…</span>;
  if (!signedIn) {
    return (
      <Link
        className="button button-small button-primary"
        to={paths.signIn(location.pathname + location.search)}
      >
        Sign in
      </Link>
    );
  }
  return (
    <details
      className="user-menu"
      ref={menu}
      onKeyDown={(event) => {
        if (event.key === "Escape" && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary aria-label="Account menu">
        <span className="avatar" aria-hidden="true">
          {(user?.name ?? "?").slice(0, 1).toUpperCase()}
        </span>
        <span className="user-name">{user?.name ?? "Account"}</span>
      </summary>
      <div className="user-menu-panel">
        <Link to={paths.newRepo()}>New model</Link>
        <Link to={paths.newRepo("dataset")}>New dataset</Link>
        <Link to={paths.newRepo("space")}>New space</Link>
        <Link to={paths.newRepo("kernel")}>New kernel</Link>
        <Link to={orgPaths.newOrg()}>New organisation</Link>
        <Link to={paths.tokens()}>Access tokens</Link>
        <Link to="/settings/security">Account security</Link>
        <Link to="/settings/webhooks">Webhooks</Link>
        <Link to="/settings/inference">Inference usage</Link>
        <Link to="/settings/storage">Storage</Link>
        {user?.isAdmin ? <Link to="/admin/inference">Inference backends</Link> : null}
        {user?.isAdmin ? <Link to="/admin/mirror">Upstream mirror</Link> : null}
        {user?.isAdmin ? <Link to="/admin/audit-log">Audit log</Link> : null}
        {user?.isAdmin ? <Link to="/admin/scans">Security scans</Link> : null}
        {user?.isAdmin ? <Link to="/admin/quotas">Storage quotas</Link> : null}
        {user ? <Link to={paths.user(user.name)}>Your models</Link> : null}
        {user?.orgs?.length ? (
          <div
            role="group"
            aria-label="Your organisations"
            style={{
              display: "flex",
              flexDirection: "column",
              borderTop: "1px solid var(--border)",
              borderBottom: "1px solid var(--border)",
              margin: "4px 0",
              padding: "2px 0",
            }}
          >
            <span className="small muted" style={{ padding: "6px 10px 2px" }}>
              Organisations
            </span>
            {user.orgs.map((org) => (
              <Link key={org.name} to={orgPaths.members(org.name)} aria-label={`${org.name} members`}>
                {org.name}
              </Link>
            ))}
          </div>
        ) : null}
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </div>
    </details>
  );
}
