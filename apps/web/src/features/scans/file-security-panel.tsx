import type { PickleImportEntry, RepoType, ScanPart, SecurityFileStatus } from "@modelhub/api-types";
import { formatRelative } from "../../lib/format.js";
import { useFileSecurity } from "../../lib/scans/api.js";
import { ScanBadge } from "../../components/scans/scan-badge.js";
import "../../components/scans/scans.css";

function PartRow({ label, part }: { label: string; part: ScanPart | undefined }) {
  if (!part) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd data-scan-part={label}>
        {part.status === "unscanned" ? (
          <span className="muted">Not scanned{part.message ? `: ${part.message}` : ""}</span>
        ) : (
          <>
            <ScanBadge status={part.status} /> {part.message ? <span>{part.message}</span> : null}
          </>
        )}
        {part.version ? <span className="small muted"> · {part.version}</span> : null}
      </dd>
    </>
  );
}

function Imports({ imports }: { imports: PickleImportEntry[] }) {
  if (imports.length === 0)
    return (
      <p className="small muted" style={{ margin: 0 }}>
        No imports.
      </p>
    );
  return (
    <table className="pickle-imports" data-testid="pickle-imports">
      <thead>
        <tr>
          <th scope="col">Module</th>
          <th scope="col">Name</th>
          <th scope="col">Safety</th>
        </tr>
      </thead>
      <tbody>
        {imports.map((item) => (
          <tr key={`${item.module}.${item.name}`} data-import={`${item.module}.${item.name}`}>
            <td className="mono">{item.module}</td>
            <td className="mono">{item.name}</td>
            <td className={`safety-${item.safety}`}>{item.safety}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The file page's security panel: overall status, the malware scan, the pickle imports, the format check. */
export function FileSecurityPanel({
  type,
  id,
  revision,
  path,
}: {
  type: RepoType;
  id: string;
  revision: string;
  path: string;
}) {
  const security = useFileSecurity(type, id, revision, path);
  const status: SecurityFileStatus | null | undefined = security.data;
  if (!status) return null;
  const imports = status.pickleImportScan.pickleImports;
  return (
    <section className="card security-panel" aria-label="Security scan" data-testid="security-panel">
      <div className="security-panel-head">
        <h2>Security scan</h2>
        <ScanBadge status={status.status} />
        {status.status === "unscanned" ? (
          <span className="small muted">This file has not been scanned.</span>
        ) : null}
        {status.status === "queued" ? <span className="small muted">The scan is running…</span> : null}
      </div>
      {status.status !== "queued" ? (
        <dl className="security-rows">
          <PartRow label="Malware (ClamAV)" part={status.avScan} />
          <PartRow label="Pickle imports" part={status.pickleImportScan} />
          <PartRow label={`Format (${status.formatCheck?.format ?? ""})`} part={status.formatCheck} />
          {status.released ? (
            <>
              <dt>Released</dt>
              <dd data-testid="scan-released">
                by {status.released.by} {formatRelative(status.released.at)}: {status.released.reason}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {imports ? <Imports imports={imports} /> : null}
    </section>
  );
}
