import { EmptyState } from "../../components/ui/status.js";
import { formatDate } from "../../lib/format.js";
import type { UsageReport, UsageTotals } from "@modelhub/api-types";
import "../../components/inference-usage/usage.css";

const number = new Intl.NumberFormat("en");

function seconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toLocaleString("en", { maximumFractionDigits: 1 })} s`;
}

function Totals({ totals }: { totals: UsageTotals }) {
  const items: [string, string][] = [
    ["Requests", number.format(totals.requests)],
    ["Prompt tokens", number.format(totals.promptTokens)],
    ["Completion tokens", number.format(totals.completionTokens)],
    ["Total tokens", number.format(totals.totalTokens)],
    ["Time", seconds(totals.durationMs)],
  ];
  return (
    <dl className="usage-totals" data-testid="usage-totals">
      {items.map(([label, value]) => (
        <div key={label} className="card usage-total">
          <dt className="small muted">{label}</dt>
          <dd data-total={label}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A per-model (or per-user) table of totals; `keyLabel` names the first column. */
export function UsageTable<T extends UsageTotals>({
  rows,
  keyOf,
  keyLabel,
  testId,
}: {
  rows: T[];
  keyOf: (row: T) => string;
  keyLabel: string;
  testId: string;
}) {
  return (
    <div className="card" style={{ padding: 0, overflowX: "auto" }}>
      <table className="usage-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">Requests</th>
            <th scope="col">Prompt</th>
            <th scope="col">Completion</th>
            <th scope="col">Total tokens</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)} data-row={keyOf(row)}>
              <td className="mono">{keyOf(row)}</td>
              <td>{number.format(row.requests)}</td>
              <td>{number.format(row.promptTokens)}</td>
              <td>{number.format(row.completionTokens)}</td>
              <td>{number.format(row.totalTokens)}</td>
              <td>{seconds(row.durationMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Totals and the per-model table of a usage report (the last 30 days). */
export function UsageView({ report }: { report: UsageReport }) {
  return (
    <div className="usage-stack">
      <p className="small muted" style={{ margin: 0 }}>
        {formatDate(report.since)} – {formatDate(report.until)} (last 30 days). Usage is counted, not charged.
      </p>
      <Totals totals={report} />
      <section aria-labelledby="usage-models-title">
        <h2 id="usage-models-title" className="usage-heading">
          Per model
        </h2>
        {report.models.length === 0 ? (
          <EmptyState title="No inference calls in the last 30 days" />
        ) : (
          <UsageTable
            rows={report.models}
            keyOf={(row) => row.model}
            keyLabel="Model"
            testId="usage-models"
          />
        )}
      </section>
    </div>
  );
}
