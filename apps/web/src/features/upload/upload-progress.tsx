import { formatBytes } from "../../lib/format.js";
import type { FileProgress } from "./api/upload-files.js";

const PHASE_LABEL: Record<FileProgress["phase"], string> = {
  waiting: "waiting",
  hashing: "hashing",
  uploading: "uploading",
  done: "done",
};

/** Hashing counts as the first half of a large file's work, sending as the second. */
function workDone(entry: FileProgress): number {
  if (entry.phase === "done") return 1;
  if (entry.total === 0) return 0;
  const share = entry.done / entry.total;
  return entry.phase === "hashing" ? share / 2 : entry.phase === "uploading" ? 0.5 + share / 2 : 0;
}

/** Per-file and overall progress of an upload (weighted by size). */
export function UploadProgress({ files, stage }: { files: FileProgress[]; stage?: string }) {
  const total = files.reduce((sum, entry) => sum + Math.max(entry.total, 1), 0);
  const overall = files.reduce((sum, entry) => sum + workDone(entry) * Math.max(entry.total, 1), 0) / total;
  return (
    <section className="card upload-progress" aria-label="Upload progress" data-testid="upload-progress">
      <div className="upload-progress-row">
        <strong>{stage ?? "Stopped"}</strong>
        <span className="small muted">{Math.floor(overall * 100)}%</span>
      </div>
      <progress max={1} value={overall} aria-label="Overall progress" />
      <ul>
        {files.map((entry) => (
          <li key={entry.path}>
            <div className="upload-progress-row small">
              <span className="mono">{entry.path}</span>
              <span className="muted">
                {PHASE_LABEL[entry.phase]}
                {entry.phase === "hashing" || entry.phase === "uploading"
                  ? ` ${formatBytes(entry.done)} of ${formatBytes(entry.total)}`
                  : ` · ${formatBytes(entry.total)}`}
              </span>
            </div>
            <progress max={1} value={workDone(entry)} aria-label={`Progress of ${entry.path}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
