import type { ReactNode } from "react";
import { Link } from "react-router";
import { orgPaths } from "../../lib/orgs/paths.js";

export function Initial({ name, small, user }: { name: string; small?: boolean; user?: boolean }) {
  const classes = ["org-avatar", small ? "small" : "", user ? "user" : ""].filter(Boolean).join(" ");
  return (
    <span className={classes} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Title block of an organisation's pages, with Profile / Members / Usage / Audit log tabs. */
export function OrgHeader({
  name,
  fullname,
  current,
  actions,
  details,
}: {
  name: string;
  fullname?: string;
  current: "profile" | "members" | "usage" | "storage" | "sso" | "tokens" | "audit";
  actions?: ReactNode;
  details?: ReactNode;
}) {
  return (
    <header className="org-header">
      <div className="container">
        <div className="org-header-inner">
          <Initial name={fullname || name} />
          <div style={{ minWidth: 0 }}>
            <h1>{fullname || name}</h1>
            <div className="org-meta">
              <span className="org-handle">{name}</span>
              <span className="tag">Organisation</span>
              {details}
            </div>
          </div>
          {actions ? <div className="org-header-actions">{actions}</div> : null}
        </div>
        <nav className="org-tabs" aria-label="Organisation">
          <Link to={orgPaths.profile(name)} aria-current={current === "profile" ? "page" : undefined}>
            Profile
          </Link>
          <Link to={orgPaths.members(name)} aria-current={current === "members" ? "page" : undefined}>
            Members
          </Link>
          <Link to={orgPaths.usage(name)} aria-current={current === "usage" ? "page" : undefined}>
            Usage
          </Link>
          <Link to={orgPaths.storage(name)} aria-current={current === "storage" ? "page" : undefined}>
            Storage
          </Link>
          <Link to={orgPaths.sso(name)} aria-current={current === "sso" ? "page" : undefined}>
            Sign-in
          </Link>
          <Link to={orgPaths.tokens(name)} aria-current={current === "tokens" ? "page" : undefined}>
            Tokens
          </Link>
          <Link to={orgPaths.audit(name)} aria-current={current === "audit" ? "page" : undefined}>
            Audit log
          </Link>
        </nav>
      </div>
    </header>
  );
}
