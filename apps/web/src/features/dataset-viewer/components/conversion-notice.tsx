import { useConversionStatus } from "../api/use-viewer-queries.js";

const STATE_TEXT: Record<string, string> = {
  none: "waiting to start",
  queued: "queued",
  running: "running",
  done: "finishing",
  failed: "failed",
};

/** Shown while a split's Parquet conversion runs; the views behind it poll and appear when it ends. */
export function ConversionNotice({ dataset }: { dataset: string }) {
  const status = useConversionStatus(dataset, true);
  const state = status.data?.state;
  return (
    <div className="status status-loading conversion-notice" role="status" data-testid="conversion-status">
      <span className="spinner" aria-hidden="true" />
      <span>
        Converting the data to Parquet{state ? ` (${STATE_TEXT[state] ?? state})` : ""}… the table appears
        when it is ready.
        {status.data?.error ? <span className="conversion-error"> {status.data.error}</span> : null}
      </span>
    </div>
  );
}
