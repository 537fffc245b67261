import { Link } from "react-router";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useMyUsage, usagePaths } from "./api.js";
import { UsageView } from "./usage-view.js";

function MyUsage() {
  const { user } = useAuth();
  const usage = useMyUsage(Boolean(user));
  if (usage.isPending) return <Skeleton lines={6} />;
  if (usage.isError) return <ErrorState error={usage.error} retry={() => void usage.refetch()} />;
  return (
    <>
      <UsageView report={usage.data} />
      {user?.orgs?.length ? (
        <section aria-labelledby="usage-orgs-title" style={{ marginTop: 18 }}>
          <h2 id="usage-orgs-title" className="usage-heading">
            Billed to your organisations
          </h2>
          <p className="small muted" style={{ marginTop: 0 }}>
            Calls sent with <code>X-HF-Bill-To: &lt;org&gt;</code> count towards the organisation.
          </p>
          <ul>
            {user.orgs.map((org) => (
              <li key={org.name}>
                <Link to={usagePaths.org(org.name)}>{org.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** `/settings/inference`: what the signed-in user spent through the hub's inference gateway. */
export function InferenceUsagePage() {
  useTitle("Inference usage");
  return (
    <div className="container page-narrow">
      <h1>Inference usage</h1>
      <p className="muted">
        Calls you made to this hub's OpenAI-compatible gateway (<code>/v1/chat/completions</code>,{" "}
        <code>/v1/completions</code>) with any of your <Link to={paths.tokens()}>tokens</Link> or this browser
        session.
      </p>
      <RequireUser what="see your inference usage">
        <MyUsage />
      </RequireUser>
    </div>
  );
}
