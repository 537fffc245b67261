import { useHighlighter } from "../ui/code-block.js";
import { formatBytes } from "../../lib/format.js";
import type { CommitFileChange } from "@modelhub/api-types";

const STATUS_LABEL: Record<CommitFileChange["status"], string> = {
  added: "added",
  deleted: "deleted",
  modified: "modified",
  renamed: "renamed",
  "type-changed": "type changed",
};
/** Past this many lines, a patch is shown without per-line highlighting (it stays fast). */
const HIGHLIGHT_MAX_LINES = 3000;

function extensionOf(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : undefined;
}

function lineKind(line: string): "hunk" | "add" | "del" | "context" {
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "context";
}

function Patch({ path, patch }: { path: string; patch: string }) {
  const highlighter = useHighlighter();
  const lines = patch.split("\n");
  const language = lines.length <= HIGHLIGHT_MAX_LINES ? extensionOf(path) : undefined;
  return (
    <pre className="diff" tabIndex={0} aria-label={`Changes to ${path}`}>
      {lines.map((line, index) => {
        const kind = lineKind(line);
        const body = kind === "hunk" ? line : line.slice(1);
        const html = kind === "hunk" ? undefined : highlighter?.highlightToHtml(body, language);
        return (
          <div key={index} className={`diff-line diff-${kind}`}>
            <span className="diff-mark" aria-hidden="true">
              {kind === "add" ? "+" : kind === "del" ? "−" : " "}
            </span>
            {html === undefined ? (
              <code>{body}</code>
            ) : (
              // highlight.js escapes the text; it only adds its own spans.
              <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
            )}
          </div>
        );
      })}
    </pre>
  );
}

function LfsChange({ lfs }: { lfs: NonNullable<CommitFileChange["lfs"]> }) {
  const side = (label: string, value: { oid: string; size: number } | undefined) =>
    value ? (
      <div>
        <span className="muted">{label}</span> {formatBytes(value.size)}{" "}
        <code title={value.oid}>sha256:{value.oid.slice(0, 12)}…</code>
      </div>
    ) : null;
  return (
    <div className="diff-note" data-testid="lfs-change">
      <strong>Large file (LFS)</strong>
      {side("before", lfs.before)}
      {side("after", lfs.after)}
    </div>
  );
}

/** One changed file: a collapsible header with its counts, then its patch or what stands for it. */
export function FileDiff({ change }: { change: CommitFileChange }) {
  return (
    <details className="card diff-file" open={change.additions + change.deletions <= 400}>
      <summary>
        <span className={`tag diff-status diff-status-${change.status}`}>{STATUS_LABEL[change.status]}</span>
        <span className="diff-path">
          {change.oldPath ? `${change.oldPath} → ` : ""}
          {change.path}
        </span>
        <span className="diff-counts">
          <span className="diff-added">+{change.additions}</span>{" "}
          <span className="diff-deleted">−{change.deletions}</span>
        </span>
      </summary>
      {change.lfs ? (
        <LfsChange lfs={change.lfs} />
      ) : change.binary ? (
        <div className="diff-note">Binary file, not shown.</div>
      ) : change.truncated ? (
        <div className="diff-note">This diff is too large to show here; compare the files instead.</div>
      ) : change.patch ? (
        <Patch path={change.path} patch={change.patch} />
      ) : (
        <div className="diff-note">No content changes.</div>
      )}
    </details>
  );
}
