import type { ScanStatus } from "@modelhub/api-types";
import "./scans.css";

const LABELS: Partial<Record<ScanStatus, string>> = {
  safe: "Safe",
  unsafe: "Unsafe",
  suspicious: "Suspicious",
  caution: "Caution",
  queued: "Queued",
  error: "Scan error",
};

const TITLES: Partial<Record<ScanStatus, string>> = {
  safe: "Scanned: no malware, no dangerous pickle imports",
  unsafe: "Scanned as unsafe: malware, or a pickle that imports something dangerous",
  suspicious: "Scanned as suspicious: the scanner could not read it to the end, or it hides what it imports",
  caution: "Scanned: imports outside the allow list (not known to be harmful)",
  queued: "Waiting for its security scan",
  error: "The security scan failed",
};

/** The badge of a file's scan status; nothing for a file no scan applies to. */
export function ScanBadge({
  status,
  compact = false,
}: {
  status: ScanStatus | undefined;
  compact?: boolean;
}) {
  const label = status ? LABELS[status] : undefined;
  if (!status || !label) return null;
  return (
    <span
      className={`tag scan-badge scan-${status}${compact ? " scan-badge-compact" : ""}`}
      data-scan-status={status}
      title={TITLES[status]}
    >
      {label}
    </span>
  );
}
