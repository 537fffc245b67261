import { useState } from "react";
import { Link } from "react-router";
import type { AdminScansReport, RepoType, ScanFinding } from "@modelhub/api-types";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { formatBytes, formatRelative } from "../../lib/format.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { AdminPage } from "../../components/auth/admin-page.js";
import { RefusalsTable } from "../../components/scans/refusals-table.js";
import "../../components/inference-usage/usage.css";
import { useAdminScans, useReleaseFile, useRescanAll } from "../../lib/scans/api.js";
import { ScanBadge } from "../../components/scans/scan-badge.js";
import "../../components/scans/scans.css";

const number = new Intl.NumberFormat("en");

const POLICY_TEXT: Record<AdminScansReport["policy"], string> = {
  warn: "every file is served; badges warn",
  "block-unsafe": "files scanned as unsafe are refused (403); files waiting for their scan answer 409",
  "block-unscanned": "only files scanned as safe are served",
};

function Engines({ report }: { report: AdminScansReport }) {
  const { clamd } = report;
  return (
    <div
      className="card"
      data-testid="scan-engines"
      style={{ display: "flex", flexDirection: "column", gap: 6 }}
    >
      <div>
        Policy <span className="tag mono">{report.policy}</span>{" "}
        <span className="small muted">{POLICY_TEXT[report.policy]}</span>
      </div>
      <div className="small">
        Pickle import scan and format checks: <span className="mono">{report.scannerVersion}</span>,{" "}
        {report.workers} worker{report.workers === 1 ? "" : "s"}
      </div>
      {clamd.configured ? (
        <div className="small" data-testid="clamd-state" data-reachable={clamd.reachable}>
          ClamAV at <span className="mono">{clamd.address}</span>:{" "}
          {clamd.reachable ? (
            <span style={{ color: "var(--ok)" }}>{clamd.version}</span>
          ) : (
            <span style={{ color: "var(--danger)" }}>
              not answering{clamd.error ? ` (${clamd.error})` : ""}
            </span>
          )}
        </div>
      ) : (
        <p className="notice" style={{ margin: 0 }} data-testid="clamd-state" data-reachable="false">
          ClamAV is not configured: files are not scanned for malware (their malware scan is{" "}
          <strong>unscanned</strong>). Set <code>MODELHUB_CLAMD_SOCKET</code> or{" "}
          <code>MODELHUB_CLAMD_HOST</code> to a clamd and restart the hub; see the README for feeding its
          signatures without internet.
        </p>
      )}
    </div>
  );
}

function Counts({ report }: { report: AdminScansReport }) {
  const items: [string, number][] = [
    ["Waiting", report.counts.queued + report.counts.running],
    ["Safe", report.counts.byStatus.safe ?? 0],
    ["Unsafe", report.counts.byStatus.unsafe ?? 0],
    ["Suspicious", report.counts.byStatus.suspicious ?? 0],
    ["Caution", report.counts.byStatus.caution ?? 0],
    ["Held back", report.quarantined],
  ];
  return (
    <dl className="usage-totals" data-testid="scan-counts">
      {items.map(([label, value]) => (
        <div key={label} className="card usage-total">
          <dt className="small muted">{label}</dt>
          <dd data-total={label}>{number.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function repoLink(seen: string | null) {
  if (!seen) return null;
  const colon = seen.indexOf(":");
  const type = seen.slice(0, colon) as RepoType;
  const id = seen.slice(colon + 1);
  return <Link to={paths.repo(type, id)}>{id}</Link>;
}

function ReleaseForm({ finding }: { finding: ScanFinding }) {
  const [reason, setReason] = useState("");
  const release = useReleaseFile();
  if (finding.securityFileStatus.released)
    return (
      <span className="small" data-testid="released">
        released by {finding.securityFileStatus.released.by}: {finding.securityFileStatus.released.reason}
      </span>
    );
  return (
    <form
      className="scan-release"
      onSubmit={(event) => {
        event.preventDefault();
        release.mutate({ key: finding.key, reason });
      }}
    >
      <input
        className="input"
        aria-label={`Why ${finding.path} may be served`}
        placeholder="Reason for releasing"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <button
        className="button button-small"
        type="submit"
        disabled={reason.trim() === "" || release.isPending}
      >
        Release
      </button>
      {release.isError ? (
        <span className="small" style={{ color: "var(--danger)" }}>
          {release.error.message}
        </span>
      ) : null}
    </form>
  );
}

function Findings({ report }: { report: AdminScansReport }) {
  if (report.findings.length === 0)
    return <EmptyState title="No findings">Every scanned file came out clean so far.</EmptyState>;
  return (
    <div className="card" style={{ padding: 0, overflowX: "auto" }}>
      <table className="usage-table scan-table" data-testid="scan-findings">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col">What the scans found</th>
            <th scope="col">Release</th>
          </tr>
        </thead>
        <tbody>
          {report.findings.map((finding) => {
            const security = finding.securityFileStatus;
            const dangerous = (security.pickleImportScan.pickleImports ?? []).filter(
              (i) => i.safety !== "innocuous",
            );
            return (
              <tr key={finding.key} data-finding={finding.path}>
                <td>
                  <div className="mono" style={{ overflowWrap: "anywhere" }}>
                    {finding.path}
                  </div>
                  <div className="small muted">
                    {repoLink(finding.repo)} · {formatBytes(finding.size)}
                    {finding.scannedAt ? ` · ${formatRelative(finding.scannedAt)}` : ""}
                  </div>
                </td>
                <td>
                  <ScanBadge status={finding.status} />
                </td>
                <td className="small scan-wrap">
                  {security.avScan.status === "unsafe" ? <div>ClamAV: {security.avScan.message}</div> : null}
                  {dangerous.length > 0 ? (
                    <div>
                      {dangerous.map((i) => (
                        <span key={`${i.module}.${i.name}`} className={`mono safety-${i.safety}`}>
                          {i.module}.{i.name}{" "}
                        </span>
                      ))}
                    </div>
                  ) : null}
                  {security.pickleImportScan.status === "suspicious" && security.pickleImportScan.message ? (
                    <div>{security.pickleImportScan.message}</div>
                  ) : null}
                  {security.formatCheck && security.formatCheck.status !== "safe" ? (
                    <div>
                      {security.formatCheck.format}: {security.formatCheck.message}
                    </div>
                  ) : null}
                </td>
                <td>
                  <ReleaseForm finding={finding} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Scans() {
  const { user } = useAuth();
  const report = useAdminScans(Boolean(user?.isAdmin));
  const rescan = useRescanAll();
  if (!user?.isAdmin)
    return <p className="notice notice-info">Only site admins can see the security scans.</p>;
  if (report.isPending) return <Skeleton lines={6} />;
  if (report.isError) return <ErrorState error={report.error} retry={() => void report.refetch()} />;
  const data = report.data;
  return (
    <div className="usage-stack">
      <Engines report={data} />
      <Counts report={data} />
      <div style={{ display: "flex", gap: 10, alignItems: "center", flexWrap: "wrap" }}>
        <button className="button" type="button" disabled={rescan.isPending} onClick={() => rescan.mutate()}>
          Scan every file again
        </button>
        {rescan.data ? (
          <span className="small" data-testid="rescan-result">
            {number.format(rescan.data.queued)} files queued
          </span>
        ) : null}
        {rescan.isError ? <span className="small">{rescan.error.message}</span> : null}
      </div>
      <section>
        <h2 className="usage-heading">Findings</h2>
        <Findings report={data} />
      </section>
      <RefusalsTable
        refusals={data.refusals}
        heading="Refused"
        subject="Repo and file"
        testId="scan-refusals"
        showKind
      />
    </div>
  );
}

/** `/admin/scans`: the scan policy, ClamAV's state, findings with their release, refusals. */
export function AdminScansPage() {
  return (
    <AdminPage title="Security scans" what="see the security scans">
      <Scans />
    </AdminPage>
  );
}
