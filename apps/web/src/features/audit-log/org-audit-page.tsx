import { Link, useParams } from "react-router";
import { paths } from "../../config/paths.js";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { useOrgOverview } from "../../lib/orgs/api.js";
import { OrgHeader } from "../../components/orgs/org-header.js";
import { orgOverviewState } from "../../components/orgs/org-overview-state.js";
import { orgPaths } from "../../lib/orgs/paths.js";
import "../../components/orgs/orgs.css";
import { AuditLogView } from "./audit-log-view.js";

/** `/organizations/{org}/settings/audit-log`: who did what in the organisation (its admins). */
export function OrgAuditLogPage() {
  const { org = "" } = useParams();
  const { user, checking } = useAuth();
  const overview = useOrgOverview(org);
  const name = overview.data?.name ?? org;
  useTitle(`${name} · Audit log`);
  const fallback = orgOverviewState(overview);
  if (fallback || !overview.data) return fallback;
  const role = user?.orgs?.find((o) => o.name.toLowerCase() === name.toLowerCase())?.roleInOrg;
  const allowed = role === "admin" || user?.isAdmin === true;
  return (
    <>
      <OrgHeader name={name} fullname={overview.data.fullname} current="audit" />
      <div className="container" style={{ paddingTop: 18, paddingBottom: 32 }}>
        <h2 style={{ marginTop: 0 }}>Audit log</h2>
        <p className="muted" style={{ marginTop: 0 }}>
          Every change to {name}, its members, repos, collections and settings: who made it, with which token,
          from where. Events are chained by hash; see the README's Audit log section.
        </p>
        {checking ? null : !user ? (
          <p className="notice notice-info">
            <Link to={paths.signIn(orgPaths.audit(name))}>Sign in</Link> as an admin of {name} to read its
            audit log.
          </p>
        ) : !allowed ? (
          <p className="notice notice-info">Only admins of {name} can read its audit log.</p>
        ) : (
          <AuditLogView scope={{ org: name }} />
        )}
      </div>
    </>
  );
}
