/** Security scans of files: the Hub's fields (tree, paths-info, repo info) and the admin report. */

import type { RepoType, SecurityRepoStatus } from "./repos.js";

/** The statuses the Hub gives a file's scans. */
export type ScanStatus = "unscanned" | "safe" | "queued" | "error" | "caution" | "suspicious" | "unsafe";

/** One global a pickle imports, rated from the allow and deny lists. */
export interface PickleImportEntry {
  module: string;
  name: string;
  safety: "innocuous" | "suspicious" | "dangerous";
}

/** One scanner's result: `avScan` (ClamAV), `pickleImportScan`, and this hub's `formatCheck`. */
export interface ScanPart {
  status: ScanStatus;
  message?: string;
  pickleImports?: PickleImportEntry[];
  /** The scanner's version (for ClamAV: engine and signature database). */
  version?: string;
}

/**
 * `securityFileStatus` of a file in `tree?expand=true` and `paths-info` with `expand`: always the three
 * keys huggingface_hub reads (`status`, `avScan`, `pickleImportScan`); `formatCheck` (safetensors, GGUF,
 * ONNX) and `released` (a site admin let a refused file be served) when they apply.
 */
export interface SecurityFileStatus {
  status: ScanStatus;
  avScan: ScanPart;
  pickleImportScan: ScanPart;
  formatCheck?: ScanPart & { format: string };
  released?: { by: string; reason: string; at: string };
}

/** `GET /api/{type}s/{id}/scan?files=true`: every file's status too (the web's badges). */
export interface RepoScanAnswer extends SecurityRepoStatus {
  files?: Record<string, ScanStatus>;
}

/** A file whose scan found something, as site admins see it. */
export interface ScanFinding {
  /** `lfs:<sha256>` or `git:<blob id>`: what a release names. */
  key: string;
  sha256: string | null;
  size: number;
  /** A repo and path it was committed under (`model:owner/name`). */
  repo: string | null;
  path: string;
  kind: string | null;
  status: ScanStatus;
  securityFileStatus: SecurityFileStatus;
  scannedAt: string | null;
}

/** One refusal (a download the scan policy refused, a repo or file the mirror's curation refused). */
export interface ScanRefusal {
  kind: "download" | "mirror";
  repoType: RepoType;
  repoId: string;
  path: string | null;
  rule: string;
  message: string;
  count: number;
  firstAt: string;
  lastAt: string;
}

/** `GET /api/admin/scans` (site admins). */
export interface AdminScansReport {
  enabled: boolean;
  policy: "warn" | "block-unsafe" | "block-unscanned";
  scannerVersion: string;
  workers: number;
  clamd: {
    configured: boolean;
    address: string | null;
    reachable: boolean;
    version: string | null;
    error: string | null;
  };
  counts: { queued: number; running: number; total: number; byStatus: Partial<Record<ScanStatus, number>> };
  /** Files with a finding (unsafe, suspicious, caution) or an error, newest first. */
  findings: ScanFinding[];
  /** Files the policy holds back now (unsafe under block-unsafe; anything not safe under block-unscanned). */
  quarantined: number;
  refusals: ScanRefusal[];
  releases: { key: string; by: string; reason: string; at: string }[];
}

/** `POST /api/admin/scans/rescan` */
export interface ScanRescanAnswer {
  queued: number;
}

/** `POST /api/admin/scans/release` */
export interface ScanReleaseAnswer {
  key: string;
  by: string;
  reason: string;
  at: string;
}
