import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { formatRelative } from "../../lib/format.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import "../../components/inference-usage/usage.css";
import type { AdminBackend } from "@modelhub/api-types";
import { useAdminInference, useCheckBackend } from "./api.js";
import { AdminPage } from "../../components/auth/admin-page.js";

const number = new Intl.NumberFormat("en");

function LastCheck({ backend }: { backend: AdminBackend }) {
  const check = backend.lastCheck;
  if (!check) return <span className="muted">not checked</span>;
  return (
    <span>
      {check.ok ? "ok" : (check.error ?? "failed")}
      {check.source === "gateway" ? " (seen by a request)" : ` · ${check.latencyMs} ms`}
      <span className="small muted"> · {formatRelative(check.checkedAt)}</span>
    </span>
  );
}

function BackendRow({ backend }: { backend: AdminBackend }) {
  const check = useCheckBackend();
  const usage = backend.usage24h;
  return (
    <tr data-backend={backend.name}>
      <td>
        <strong>{backend.name}</strong>
        <div className="small muted">{backend.kind}</div>
      </td>
      <td>
        <span className={`tag backend-status ${backend.status}`} data-status={backend.status}>
          {backend.status}
        </span>
      </td>
      <td style={{ textAlign: "left" }}>
        <LastCheck backend={backend} />
      </td>
      <td style={{ textAlign: "left", whiteSpace: "normal" }}>
        {backend.models.map((model) => (
          <div key={model} className="mono small">
            {model}
          </div>
        ))}
      </td>
      <td>
        {number.format(usage.requests)}
        {usage.failed > 0 ? <div className="small muted">{number.format(usage.failed)} failed</div> : null}
      </td>
      <td>{number.format(usage.totalTokens)}</td>
      <td>
        <button
          type="button"
          className="button button-small"
          disabled={check.isPending}
          aria-label={`Check ${backend.name} now`}
          onClick={() => check.mutate(backend.name)}
        >
          {check.isPending ? "Checking…" : "Check now"}
        </button>
        {check.isError ? <ErrorState error={check.error} /> : null}
      </td>
    </tr>
  );
}

function Backends() {
  const { user } = useAuth();
  const overview = useAdminInference(Boolean(user?.isAdmin));
  if (!user?.isAdmin)
    return <p className="notice notice-info">Only site admins can see the inference backends.</p>;
  if (overview.isPending) return <Skeleton lines={6} />;
  if (overview.isError) return <ErrorState error={overview.error} retry={() => void overview.refetch()} />;
  const { backends, health } = overview.data;
  if (backends.length === 0)
    return (
      <EmptyState title="No inference backends">
        Point <code>MODELHUB_INFERENCE_CONFIG</code> at a backends file and restart the hub.
      </EmptyState>
    );
  return (
    <div className="usage-stack">
      <p className="small muted" style={{ margin: 0 }}>
        Checked every {health.intervalMs / 1000} s (timeout {health.timeoutMs / 1000} s);{" "}
        {health.failuresBeforeStaging} failures in a row make a backend <em>staging</em>, one success{" "}
        <em>live</em>. Requests and tokens: last 24 hours.
      </p>
      <div className="card" style={{ padding: 0, overflowX: "auto" }}>
        <table className="usage-table" data-testid="admin-backends">
          <thead>
            <tr>
              <th scope="col">Backend</th>
              <th scope="col">Status</th>
              <th scope="col" style={{ textAlign: "left" }}>
                Last check
              </th>
              <th scope="col" style={{ textAlign: "left" }}>
                Models
              </th>
              <th scope="col">Requests</th>
              <th scope="col">Tokens</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {backends.map((backend) => (
              <BackendRow key={backend.name} backend={backend} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** `/admin/inference`: the hub's inference backends, for site admins. */
export function AdminInferencePage() {
  return (
    <AdminPage title="Inference backends" what="see the inference backends">
      <Backends />
    </AdminPage>
  );
}
