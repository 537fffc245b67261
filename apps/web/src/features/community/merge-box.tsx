import { useQueryClient } from "@tanstack/react-query";
import { mergePullRequest } from "../../lib/community/api.js";
import { useAction } from "./use-action.js";
import type { DiscussionSectionProps } from "./section-props.js";

function ConflictList({ files, num }: { files: string[]; num: number }) {
  return (
    <div className="notice notice-error community-conflicts" data-testid="conflicts">
      <strong>This pull request conflicts with main</strong> in:
      <ul>
        {files.map((file) => (
          <li key={file}>
            <code>{file}</code>
          </li>
        ))}
      </ul>
      Push a commit to <code>refs/pr/{num}</code> that resolves them, then merge.
    </div>
  );
}

/**
 * Under an open (or draft) pull request: its conflicts with main (the hub reports them on every read) and, for repo
 * writers, the Merge button. A 409 from the merge is shown in place and the conflicts are read again.
 */
export function MergeBox({ target, discussion, rights, changed }: DiscussionSectionProps) {
  const action = useAction();
  const client = useQueryClient();
  if (!discussion.isPullRequest || (discussion.status !== "open" && discussion.status !== "draft"))
    return null;
  const conflicts = discussion.filesWithConflicts ?? [];
  return (
    <section className="card community-merge" aria-label="Merge">
      {conflicts.length > 0 ? (
        <ConflictList files={conflicts} num={target.num} />
      ) : (
        <p className="small muted">
          {rights.writer
            ? "No conflicts with main: this pull request can be merged."
            : "Only the repository's writers can merge this pull request."}
        </p>
      )}
      {rights.writer ? (
        <button
          type="button"
          className="button button-primary"
          disabled={action.busy}
          onClick={() =>
            void action
              .run(() => mergePullRequest(target.type, target.id, target.num))
              .then((ok) => {
                // merged: the repo's card, files and history changed too; refused: read the conflicts again
                if (ok) void client.invalidateQueries();
                else changed();
              })
          }
        >
          {action.busy ? "Merging…" : "Merge pull request"}
        </button>
      ) : null}
      {action.feedback}
    </section>
  );
}
