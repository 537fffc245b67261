import { Link } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { formatRelative } from "../../lib/format.js";
import { FileDiff } from "../../components/commit-diff/file-diff.js";
import type { DiscussionEvent } from "@modelhub/api-types";
import { useDiscussion } from "../../lib/community/api.js";
import type { CommentTarget } from "./comment-card.js";
import { parseDiff } from "./parse-diff.js";

type CommitEvent = Extract<DiscussionEvent, { type: "commit" }>;

function Commits({ target, commits }: { target: CommentTarget; commits: CommitEvent[] }) {
  return (
    <section aria-label="Commits">
      <h3 className="community-subhead">
        {commits.length} {commits.length === 1 ? "commit" : "commits"}
      </h3>
      {commits.length === 0 ? (
        <p className="small muted">No commits yet: push to this pull request's ref to propose changes.</p>
      ) : (
        <ul className="commit-list card" style={{ padding: 0 }} data-testid="pr-commits">
          {commits.map((commit) => (
            <li key={commit.id}>
              <div style={{ minWidth: 0 }}>
                <Link to={paths.commit(target.type, target.id, commit.data.oid)} style={{ fontWeight: 550 }}>
                  {commit.data.subject || "(no message)"}
                </Link>
                <div className="small muted">
                  {commit.author.name} committed {formatRelative(commit.createdAt)}
                </div>
              </div>
              <Link className="commit-sha tag" to={paths.commit(target.type, target.id, commit.data.oid)}>
                {commit.data.oid.slice(0, 7)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A pull request's "Files changed": its commits and the diff against its base, rendered as on commit pages. */
export function PrFiles({ target }: { target: CommentTarget }) {
  const details = useDiscussion(target.type, target.id, target.num, true);
  if (details.isPending) return <Skeleton lines={10} />;
  if (details.isError) return <ErrorState error={details.error} retry={() => void details.refetch()} />;
  const commits = details.data.events.filter((e): e is CommitEvent => e.type === "commit");
  const { files, cut } = parseDiff(details.data.diff ?? "");
  const added = files.reduce((sum, file) => sum + file.additions, 0);
  const deleted = files.reduce((sum, file) => sum + file.deletions, 0);
  const ref = `refs/pr/${target.num}`;
  return (
    <div className="community-files" data-testid="pr-files">
      <Commits target={target} commits={commits} />
      <div className="toolbar">
        <h3 className="community-subhead">
          {files.length} {files.length === 1 ? "file" : "files"} changed{" "}
          <span className="diff-added">+{added}</span> <span className="diff-deleted">−{deleted}</span>
        </h3>
        <Link className="button button-small" to={paths.tree(target.type, target.id, ref)}>
          Browse files at {ref}
        </Link>
      </div>
      {cut ? (
        <p className="notice">This diff is too large to show in full; only its beginning is listed.</p>
      ) : null}
      {files.length === 0 ? (
        <EmptyState title="No changes yet">
          This pull request does not differ from its base. Its author and the repo&apos;s writers push to{" "}
          <code>{ref}</code>, for example <code>git push origin HEAD:{ref}</code>.
        </EmptyState>
      ) : (
        files.map((file) => <FileDiff key={`${file.oldPath ?? ""}:${file.path}`} change={file} />)
      )}
    </div>
  );
}
