import { useParams } from "react-router";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useOrgOverview } from "../../lib/orgs/api.js";
import { OrgHeader } from "../../components/orgs/org-header.js";
import "../../components/orgs/orgs.css";
import { useOrgUsage } from "./api.js";
import { UsageTable, UsageView } from "./usage-view.js";
import { orgOverviewState } from "../../components/orgs/org-overview-state.js";

function OrgUsage({ org }: { org: string }) {
  const { user } = useAuth();
  const usage = useOrgUsage(org, Boolean(user));
  if (usage.isPending) return <Skeleton lines={6} />;
  if (usage.isError) return <ErrorState error={usage.error} />;
  const { users } = usage.data;
  return (
    <div className="usage-stack">
      <UsageView report={usage.data} />
      {users ? (
        <section aria-labelledby="usage-users-title">
          <h2 id="usage-users-title" className="usage-heading">
            Per member
          </h2>
          {users.length > 0 ? (
            <UsageTable rows={users} keyOf={(row) => row.user} keyLabel="User" testId="usage-users" />
          ) : null}
        </section>
      ) : (
        <p className="small muted">Admins of {org} also see each member's share.</p>
      )}
    </div>
  );
}

/** `/organizations/{org}/settings/inference`: what was billed to the org (X-HF-Bill-To). */
export function OrgInferenceUsagePage() {
  const { org = "" } = useParams();
  const overview = useOrgOverview(org);
  const name = overview.data?.name ?? org;
  useTitle(`${name} · Inference usage`);
  const fallback = orgOverviewState(overview);
  if (fallback || !overview.data) return fallback;
  return (
    <>
      <OrgHeader name={name} fullname={overview.data.fullname} current="usage" />
      <div className="container page-narrow" style={{ paddingTop: 18 }}>
        <h2 style={{ marginTop: 0 }}>Inference usage</h2>
        <p className="muted">
          Calls members billed to {name} with <code>X-HF-Bill-To: {name}</code>. Only members see this page.
        </p>
        <RequireUser what={`see the inference usage of ${name}`}>
          <OrgUsage org={name} />
        </RequireUser>
      </div>
    </>
  );
}
