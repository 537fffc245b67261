import { createReadStream } from "node:fs";
import type { ListableBlobStore } from "../content/blobs/blob-store.js";
import { lfsObjects, type LfsObjectFile } from "../content/data-layout.js";

export interface MigrationReport {
  objects: number;
  bytes: number;
  /** Copied (and verified on the way) in this run. */
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size (a resumed run skips these). */
  skipped: number;
  failed: { oid: string; error: string }[];
  seconds: number;
}

export interface MigrationOptions {
  dataDir: string;
  target: ListableBlobStore;
  /** Objects copied at once. */
  workers: number;
  progress?: (report: MigrationReport) => void;
}

/**
 * Copies every LFS object of the data folder into `target`. Each copy streams through the store's
 * hash check (the bytes must still hash to their name), so a damaged file is reported, never
 * copied; objects already in the target are skipped, which makes an interrupted run resumable.
 */
export async function migrateBlobs(options: MigrationOptions): Promise<MigrationReport> {
  const started = Date.now();
  const files: LfsObjectFile[] = [];
  for await (const file of lfsObjects(options.dataDir)) files.push(file);
  const report: MigrationReport = {
    objects: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    copied: 0,
    copiedBytes: 0,
    skipped: 0,
    failed: [],
    seconds: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      try {
        if ((await options.target.stat(file.oid)) === file.size) report.skipped++;
        else {
          await options.target.put(file.oid, file.size, createReadStream(file.path));
          report.copied++;
          report.copiedBytes += file.size;
        }
      } catch (error) {
        report.failed.push({ oid: file.oid, error: error instanceof Error ? error.message : String(error) });
      }
      report.seconds = (Date.now() - started) / 1000;
      options.progress?.(report);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.workers) }, worker));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
