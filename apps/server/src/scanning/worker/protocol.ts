import type { ClamdSettings, ClamdVerdict } from "../clamd/clamd-client.js";
import type { ContentReport } from "../scanner/scan-content.js";

/** One file for a scan worker: a local path (a stored object, a temp copy) or bytes (a small git blob). */
export interface ScanJob {
  id: number;
  path?: string;
  bytes?: Uint8Array;
  /** A path the file was committed under (ONNX models and pickles are also known by their names). */
  name: string;
  tmpDir: string;
  maxExpandBytes: number;
  /** Stream the file to clamd too; absent when no clamd is configured. */
  clamd?: ClamdSettings;
}

export type ScanJobReply =
  | { id: number; ok: true; report: ContentReport; av?: ClamdVerdict; size: number; millis: number }
  | { id: number; ok: false; error: string };
