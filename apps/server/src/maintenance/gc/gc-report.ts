import { readFile, rename, writeFile } from "node:fs/promises";

/** What one garbage collection run did (or, with `dryRun`, would do). */
export interface GcReport {
  startedAt: string;
  finishedAt: string;
  dryRun: boolean;
  graceSeconds: number;
  repos: number;
  git: {
    /** Unreachable objects older than the grace period (counted in dry runs; pruned otherwise). */
    unreachableObjects: number;
    /** Quarantine folders left by interrupted pushes, removed once older than the grace period. */
    quarantines: number;
    bytesFreed: number;
  };
  lfs: {
    objects: number;
    referenced: number;
    /** Unreferenced but younger than the grace period (an upload about to be committed). */
    keptRecent: number;
    deleted: number;
    bytesFreed: number;
  };
  /** Multipart upload parts nobody completed. */
  parts: { removed: number; bytesFreed: number };
  /** Temp files of interrupted writes. */
  temp: { removed: number; bytesFreed: number };
  bytesFreed: number;
  errors: string[];
}

export async function readLastRun(file: string): Promise<GcReport | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as GcReport;
  } catch {
    return undefined;
  }
}

export async function writeLastRun(file: string, report: GcReport): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(report, null, 2)}\n`);
  await rename(temp, file);
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
