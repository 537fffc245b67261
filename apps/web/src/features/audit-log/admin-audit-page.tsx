import { useTitle } from "../../lib/use-title.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useVerifyChain } from "./api.js";
import { AuditLogView } from "./audit-log-view.js";
import "./audit-log.css";

function VerifyChain() {
  const verify = useVerifyChain();
  const report = verify.data;
  return (
    <section className="card audit-verify" aria-labelledby="audit-verify-title">
      <div>
        <h2 id="audit-verify-title" className="usage-heading" style={{ margin: 0 }}>
          Hash chain
        </h2>
        <p className="small muted" style={{ margin: "2px 0 0" }}>
          Checks every event against its hash and its link to the one before, like{" "}
          <code>modelhub audit verify</code>.
        </p>
      </div>
      <button type="button" className="button" disabled={verify.isPending} onClick={() => verify.mutate()}>
        {verify.isPending ? "Verifying…" : "Verify chain"}
      </button>
      {verify.isError ? (
        <p className="notice notice-error audit-verify-result">{verify.error.message}</p>
      ) : report ? (
        report.ok ? (
          <p className="notice notice-ok audit-verify-result" role="status" data-testid="audit-verify">
            Intact: {report.checked} events
            {report.firstSeq !== null ? ` (#${report.firstSeq}–#${report.lastSeq})` : ""}
            {report.retention
              ? `; #1–#${report.retention.throughSeq} covered by the signed retention summary`
              : ""}
            .
          </p>
        ) : (
          <p className="notice notice-error audit-verify-result" role="alert" data-testid="audit-verify">
            Not intact: {report.problem?.kind} at #{report.problem?.seq}. {report.problem?.message}
          </p>
        )
      ) : null}
    </section>
  );
}

/** `/admin/audit-log`: the whole hub's audit log, for site admins. */
export function AdminAuditLogPage() {
  const { user } = useAuth();
  useTitle("Audit log");
  return (
    <div className="container" style={{ paddingTop: 8, paddingBottom: 32 }}>
      <h1>Audit log</h1>
      <RequireUser what="read the hub's audit log">
        {user?.isAdmin ? (
          <div className="audit-stack">
            <VerifyChain />
            <AuditLogView scope={{ admin: true }} />
          </div>
        ) : (
          <p className="notice notice-info">Only site admins can read the hub's audit log.</p>
        )}
      </RequireUser>
    </div>
  );
}
