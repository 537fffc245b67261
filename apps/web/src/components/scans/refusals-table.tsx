import type { ScanRefusal } from "@modelhub/api-types";
import { formatRelative } from "../../lib/format.js";
import "../inference-usage/usage.css";
import "./scans.css";

const number = new Intl.NumberFormat("en");

/**
 * What the hub refused to serve or mirror, counted per repo, file and rule: the admin pages of the
 * security scans (policy refusals) and of the mirror (curation rules) show the same table.
 */
export function RefusalsTable({
  refusals,
  heading,
  subject,
  testId,
  showKind = false,
}: {
  refusals: ScanRefusal[];
  heading: string;
  /** The first column's title ("Repo and file", "Repo or file"). */
  subject: string;
  testId: string;
  /** Marks the mirror's refusals in a table that holds both kinds. */
  showKind?: boolean;
}) {
  if (refusals.length === 0) return null;
  return (
    <section>
      <h2 className="usage-heading">{heading}</h2>
      <div className="card" style={{ padding: 0, overflowX: "auto" }}>
        <table className="usage-table scan-table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{subject}</th>
              <th scope="col">Rule</th>
              <th scope="col">Times</th>
              <th scope="col">Last</th>
            </tr>
          </thead>
          <tbody>
            {refusals.map((refusal) => (
              <tr
                key={`${refusal.kind}${refusal.repoType}${refusal.repoId}${refusal.path}${refusal.rule}`}
                data-rule={refusal.rule}
              >
                <td style={{ overflowWrap: "anywhere" }}>
                  {refusal.repoId}
                  {refusal.path ? <span className="mono">: {refusal.path}</span> : null}
                  <div className="small muted">{refusal.message}</div>
                </td>
                <td className="mono small">
                  {showKind && refusal.kind === "mirror" ? "mirror " : ""}
                  {refusal.rule}
                </td>
                <td>{number.format(refusal.count)}</td>
                <td className="small muted">{formatRelative(refusal.lastAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
