import { useParams } from "react-router";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useOrgOverview } from "../../lib/orgs/api.js";
import { OrgHeader } from "../../components/orgs/org-header.js";
import { orgOverviewState } from "../../components/orgs/org-overview-state.js";
import "../../components/orgs/orgs.css";
import "../../components/inference-usage/usage.css";
import { useNamespaceStorage } from "./api.js";
import { StorageView } from "./storage-view.js";

function OrgStorage({ org }: { org: string }) {
  const { user } = useAuth();
  const storage = useNamespaceStorage("org", org, Boolean(user));
  if (storage.isPending) return <Skeleton lines={4} />;
  if (storage.isError) return <ErrorState error={storage.error} />;
  return <StorageView storage={storage.data} />;
}

/** `/organizations/{org}/settings/storage`: the org's storage against its quota (members only). */
export function OrgStoragePage() {
  const { org = "" } = useParams();
  const overview = useOrgOverview(org);
  const name = overview.data?.name ?? org;
  useTitle(`${name} · Storage`);
  const fallback = orgOverviewState(overview);
  if (fallback || !overview.data) return fallback;
  return (
    <>
      <OrgHeader name={name} fullname={overview.data.fullname} current="storage" />
      <div className="container page-narrow" style={{ paddingTop: 18 }}>
        <h2 style={{ marginTop: 0 }}>Storage</h2>
        <RequireUser what={`see the storage of ${name}`}>
          <OrgStorage org={name} />
        </RequireUser>
      </div>
    </>
  );
}
