/** Scan states of a stored content (migration 0140_security_scans). */
export type ScanState = "queued" | "running" | "done";

/** The Hub's statuses of a file's scan. */
export type ScanStatus = "unscanned" | "safe" | "queued" | "error" | "caution" | "suspicious" | "unsafe";

/** One stored content (an LFS object or a git blob) and what its scan found. */
export interface ScanResultTable {
  /** `lfs:<sha256>` or `git:<blob id>`: duplicates of one content share the row. */
  key: string;
  sha256: string | null;
  git_oid: string | null;
  size: number;
  /** A path the content was committed under (ONNX models are known by their name). */
  name_hint: string;
  /** `type:owner/name` of a repo that holds it (the admin page shows where a finding lives). */
  seen_repo: string | null;
  kind: string | null;
  state: ScanState;
  /** 1 when someone waits for the verdict (a download under a blocking policy, a mirror pull). */
  priority: number;
  /** Overall status (`queued` until the first scan is done). */
  status: ScanStatus;
  pickle_status: string | null;
  /** JSON `[{module, name, safety}]` */
  pickle_imports: string | null;
  pickle_message: string | null;
  av_status: string | null;
  /** The signature found, or why clamd could not scan. */
  av_message: string | null;
  /** clamd's VERSION when it scanned (engine and signature database); null without clamd. */
  av_version: string | null;
  format_status: string | null;
  format_message: string | null;
  scanner_version: string | null;
  attempts: number;
  /** The process that runs the scan (a replica's id), so a crashed one's work is taken back. */
  claimed_by: string | null;
  queued_at: string;
  started_at: string | null;
  scanned_at: string | null;
}

/** A site admin let one refused content be served anyway. */
export interface ScanReleaseTable {
  key: string;
  released_by: string;
  reason: string;
  released_at: string;
}

/** Something refused: a download (scan policy), a mirrored repo or file (curation); counted per rule. */
export interface ScanRefusalTable {
  id: string;
  /** `download` (the scan policy) or `mirror` (the mirror's curation rules). */
  kind: string;
  repo_type: string;
  repo_id: string;
  path: string | null;
  object_key: string | null;
  rule: string;
  message: string;
  count: number;
  first_at: string;
  last_at: string;
}

export type ScanTables = {
  scan_results: ScanResultTable;
  scan_releases: ScanReleaseTable;
  scan_refusals: ScanRefusalTable;
};
