import { Link } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { isNotFound } from "../../lib/api-error.js";
import { formatBytes, formatRelative } from "../../lib/format.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { AdminPage } from "../../components/auth/admin-page.js";
import { RefusalsTable } from "../../components/scans/refusals-table.js";
import "../../components/inference-usage/usage.css";
import "./mirror.css";
import "../../components/scans/scans.css";
import { useMirrorReport, type MirrorReport } from "./api.js";
import { PinForm } from "./pin-form.js";

const number = new Intl.NumberFormat("en");

function UpstreamState({ report }: { report: MirrorReport }) {
  const state = report.offline ? "offline" : report.upstreamReachable ? "reachable" : "unreachable";
  return (
    <p className="mirror-upstream" data-testid="mirror-upstream">
      <span>
        Upstream{" "}
        <a className="mono" href={report.upstream} target="_blank" rel="noreferrer">
          {report.upstream}
        </a>
      </span>
      <span className={`tag mirror-state ${state}`} data-state={state}>
        {state === "offline" ? "offline (MODELHUB_UPSTREAM_OFFLINE)" : state}
      </span>
      <span className="small muted">branches and tags refreshed every {report.refreshSeconds} s</span>
    </p>
  );
}

function Totals({ report }: { report: MirrorReport }) {
  const lookups = report.hits + report.misses;
  const items: [string, string, string?][] = [
    [
      "Cached",
      formatBytes(report.cachedBytes),
      report.cacheCapBytes === null ? "no cap" : `of ${formatBytes(report.cacheCapBytes)}`,
    ],
    ["Hits", number.format(report.hits), lookups > 0 ? `${Math.round((report.hits / lookups) * 100)}%` : ""],
    ["Misses", number.format(report.misses), `${formatBytes(report.bytesFetched)} fetched`],
    ["Bytes saved", formatBytes(report.bytesSaved), "served from this hub"],
    [
      "Upstream errors",
      number.format(report.upstreamErrors),
      `${number.format(report.verificationFailures)} hash mismatches`,
    ],
    ["Evictions", number.format(report.evictions), ""],
  ];
  return (
    <dl className="usage-totals" data-testid="mirror-totals">
      {items.map(([label, value, note]) => (
        <div key={label} className="card usage-total">
          <dt className="small muted">{label}</dt>
          <dd data-total={label}>{value}</dd>
          {note ? <dd className="small muted mirror-total-note">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function CachedRepos({ report }: { report: MirrorReport }) {
  if (report.repos.length === 0)
    return (
      <EmptyState title="Nothing mirrored yet">
        Repos appear here once someone asks this hub for a repo only the upstream holds.
      </EmptyState>
    );
  return (
    <div className="card" style={{ padding: 0, overflowX: "auto" }}>
      <table className="usage-table" data-testid="mirror-repos">
        <thead>
          <tr>
            <th scope="col">Repo</th>
            <th scope="col">Files cached</th>
            <th scope="col">Bytes</th>
            <th scope="col">Pinned</th>
            <th scope="col">Hits</th>
            <th scope="col">Refreshed</th>
          </tr>
        </thead>
        <tbody>
          {report.repos.map((repo) => (
            <tr key={`${repo.type}/${repo.id}`} data-repo={repo.id}>
              <td>
                <Link to={paths.repo(repo.type, repo.id)}>{repo.id}</Link>
                <div className="small muted">
                  {repo.type}
                  {repo.gated !== "false" && repo.gated ? " · gated" : ""}
                  {repo.sha ? (
                    <>
                      {" · "}
                      <span className="mono">{repo.sha.slice(0, 7)}</span>
                    </>
                  ) : null}
                </div>
              </td>
              <td>{number.format(repo.files)}</td>
              <td>{formatBytes(repo.bytes)}</td>
              <td data-pinned={repo.pinnedBytes}>
                {repo.pinnedBytes > 0 ? formatBytes(repo.pinnedBytes) : "—"}
              </td>
              <td>{number.format(repo.hits)}</td>
              <td className="small muted">{formatRelative(repo.refreshedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecentErrors({ report }: { report: MirrorReport }) {
  if (report.recentErrors.length === 0) return null;
  return (
    <section>
      <h2 className="usage-heading">Recent upstream errors</h2>
      <ul className="card mirror-errors" data-testid="mirror-errors">
        {report.recentErrors.map((error) => (
          <li key={`${error.at}${error.message}`}>
            <span className="small muted">{formatRelative(error.at)}</span> {error.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Rules({ report }: { report: MirrorReport }) {
  const { allow, deny } = report.rules;
  if (allow.length === 0 && deny.length === 0) return null;
  return (
    <p className="small muted" style={{ margin: 0 }}>
      {allow.length > 0 ? (
        <>
          Only ids matching <span className="mono">{allow.join(", ")}</span> are mirrored.{" "}
        </>
      ) : null}
      {deny.length > 0 ? (
        <>
          Never mirrored: <span className="mono">{deny.join(", ")}</span>.
        </>
      ) : null}
    </p>
  );
}

function Curation({ report }: { report: MirrorReport }) {
  const { licensesAllow, licensesDeny, denyTags, denyLibraries, maxFileBytes } = report.curation;
  const parts: [string, string][] = [];
  if (licensesAllow.length > 0) parts.push(["Licences allowed", licensesAllow.join(", ")]);
  if (licensesDeny.length > 0) parts.push(["Licences denied", licensesDeny.join(", ")]);
  if (denyTags.length > 0) parts.push(["Tags denied", denyTags.join(", ")]);
  if (denyLibraries.length > 0) parts.push(["Libraries denied", denyLibraries.join(", ")]);
  if (maxFileBytes !== null) parts.push(["Largest file", formatBytes(maxFileBytes)]);
  if (parts.length === 0) return null;
  return (
    <p className="small muted" style={{ margin: 0 }} data-testid="mirror-curation">
      Curation:{" "}
      {parts.map(([label, value], index) => (
        <span key={label}>
          {index > 0 ? " · " : ""}
          {label} <span className="mono">{value}</span>
        </span>
      ))}
    </p>
  );
}

function Mirror() {
  const { user } = useAuth();
  const report = useMirrorReport(Boolean(user?.isAdmin));
  if (!user?.isAdmin)
    return <p className="notice notice-info">Only site admins can see the upstream mirror.</p>;
  if (report.isPending) return <Skeleton lines={6} />;
  if (report.isError)
    return isNotFound(report.error) ? (
      <EmptyState title="This hub mirrors no upstream">
        Set <code>MODELHUB_UPSTREAM_URL</code> (e.g. <code>https://huggingface.co</code>) and restart the hub.
      </EmptyState>
    ) : (
      <ErrorState error={report.error} retry={() => void report.refetch()} />
    );
  const data = report.data;
  return (
    <div className="usage-stack">
      <UpstreamState report={data} />
      <Rules report={data} />
      <Curation report={data} />
      <Totals report={data} />
      <PinForm />
      <section>
        <h2 className="usage-heading">Mirrored repos</h2>
        <CachedRepos report={data} />
      </section>
      <RefusalsTable
        refusals={data.refusals}
        heading="Refused by the curation rules"
        subject="Repo or file"
        testId="mirror-refusals"
      />
      <RecentErrors report={data} />
    </div>
  );
}

/** `/admin/mirror`: the upstream mirror's cache, counters and pinning, for site admins. */
export function AdminMirrorPage() {
  return (
    <AdminPage title="Upstream mirror" what="see the upstream mirror">
      <Mirror />
    </AdminPage>
  );
}
