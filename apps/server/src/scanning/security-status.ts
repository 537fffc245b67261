import type { PickleImportEntry, ScanPart, ScanStatus, SecurityFileStatus } from "@modelhub/api-types";
import type { ClamdVerdict } from "./clamd/clamd-client.js";
import type { ContentReport } from "./scanner/scan-content.js";
import type { ScanReleaseTable, ScanResultTable } from "./tables.js";

/** What the pickle scan means for these kinds of content; for the others it does not apply. */
const MODEL_KINDS = new Set(["pickle", "torch-zip", "zip", "npy", "npz", "safetensors", "gguf", "onnx"]);

const KIND_LABELS = new Map([
  ["torch-zip", "a PyTorch zip archive"],
  ["zip", "a zip archive"],
  ["npy", "a NumPy array"],
  ["npz", "a NumPy .npz archive"],
  ["compressed", "a compressed file"],
]);

/** The columns one finished scan writes. */
export type ScanColumns = Pick<
  ScanResultTable,
  | "kind"
  | "status"
  | "pickle_status"
  | "pickle_imports"
  | "pickle_message"
  | "av_status"
  | "av_message"
  | "av_version"
  | "format_status"
  | "format_message"
>;

/**
 * A file's overall status from its scans: a finding of any scan wins (unsafe, then suspicious, then
 * caution), then an error, then `safe` when at least one scan that applies vouched for it; a file no
 * scan applies to (a text file without clamd) stays `unscanned`.
 */
export function overallStatus(parts: (string | null | undefined)[]): ScanStatus {
  for (const status of ["unsafe", "suspicious", "caution", "error"] as const)
    if (parts.includes(status)) return status;
  return parts.includes("safe") ? "safe" : "unscanned";
}

export function columnsOf(
  report: ContentReport,
  av: ClamdVerdict | undefined,
  avVersion: string | undefined,
): ScanColumns {
  let pickleStatus: string;
  let pickleMessage: string | null;
  if (report.pickle) {
    pickleStatus = report.pickle.status;
    const problems = report.pickle.problems;
    pickleMessage =
      problems.length > 0
        ? problems.join("; ")
        : `${report.pickle.pickles} pickle${report.pickle.pickles === 1 ? "" : "s"} read to the end${KIND_LABELS.has(report.kind) ? ` in ${KIND_LABELS.get(report.kind)}` : ""}`;
  } else if (MODEL_KINDS.has(report.kind)) {
    pickleStatus = "safe";
    pickleMessage = `no pickle in this ${report.kind} file`;
  } else {
    pickleStatus = "unscanned";
    pickleMessage = "not a pickle or model file";
  }
  const avStatus = av?.status ?? "unscanned";
  const avMessage = !av
    ? "no malware scanner configured (MODELHUB_CLAMD_SOCKET or MODELHUB_CLAMD_HOST)"
    : av.status === "unsafe"
      ? av.signature
      : "message" in av
        ? av.message
        : null;
  return {
    kind: report.kind,
    status: overallStatus([pickleStatus, report.format?.status, avStatus]),
    pickle_status: pickleStatus,
    pickle_imports: report.pickle ? JSON.stringify(report.pickle.imports) : null,
    pickle_message: pickleMessage,
    av_status: avStatus,
    av_message: avMessage,
    av_version: av ? (avVersion ?? null) : null,
    format_status: report.format?.status ?? null,
    format_message: report.format ? `${report.format.format}: ${report.format.message}` : null,
  };
}

const UNSCANNED: SecurityFileStatus = {
  status: "unscanned",
  avScan: { status: "unscanned" },
  pickleImportScan: { status: "unscanned" },
};

/** `securityFileStatus` as the Hub answers it (all three keys, always), from a result row. */
export function securityFileStatus(
  row: ScanResultTable | undefined,
  release: ScanReleaseTable | undefined,
  scannerVersion: string,
): SecurityFileStatus {
  if (!row) return UNSCANNED;
  // a rescan keeps showing the last verdict until the new one is in; only a first scan is "queued"
  if (row.status === "queued")
    return { status: "queued", avScan: { status: "queued" }, pickleImportScan: { status: "queued" } };
  const part = (status: string | null, message: string | null, version?: string | null): ScanPart => ({
    status: (status ?? "unscanned") as ScanStatus,
    ...(message ? { message } : {}),
    ...(version ? { version } : {}),
  });
  const pickleImportScan: ScanPart = part(
    row.pickle_status,
    row.pickle_message,
    row.scanner_version ?? scannerVersion,
  );
  if (row.pickle_imports)
    pickleImportScan.pickleImports = JSON.parse(row.pickle_imports) as PickleImportEntry[];
  const answer: SecurityFileStatus = {
    status: row.status,
    avScan: part(row.av_status, row.av_message, row.av_version),
    pickleImportScan,
  };
  if (row.format_status) {
    const [format, ...rest] = (row.format_message ?? "").split(": ");
    answer.formatCheck = { ...part(row.format_status, rest.join(": ") || null), format };
  }
  if (release) answer.released = { by: release.released_by, reason: release.reason, at: release.released_at };
  return answer;
}

/** A short account of what a scan found, for error messages (`pickle imports posix.system (dangerous)`). */
export function findingSummary(row: ScanResultTable): string {
  const parts: string[] = [];
  if (row.av_status === "unsafe") parts.push(`the malware scan found ${row.av_message ?? "a signature"}`);
  if (row.pickle_imports) {
    const imports = (JSON.parse(row.pickle_imports) as PickleImportEntry[]).filter(
      (i) => i.safety !== "innocuous",
    );
    const worst = imports.filter((i) => i.safety === "dangerous");
    const shown = (worst.length > 0 ? worst : imports).slice(0, 5);
    if (shown.length > 0)
      parts.push(`pickle imports ${shown.map((i) => `${i.module}.${i.name} (${i.safety})`).join(", ")}`);
  }
  if (row.pickle_status === "suspicious" && row.pickle_message) parts.push(row.pickle_message);
  if (row.format_status && row.format_status !== "safe" && row.format_message) parts.push(row.format_message);
  return parts.join("; ") || `scanned as ${row.status}`;
}
