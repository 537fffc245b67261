import { Link } from "react-router";
import { CopyButton } from "../../components/ui/copy-button.js";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { useCommitDiff } from "./api.js";
import { FileDiff } from "../../components/commit-diff/file-diff.js";

/** `/{id}/commit/{sha}`: what one commit changed (the URL `modelhub upload` and the API print). */
export function CommitPage() {
  const { type, id, revision } = useRepoRoute();
  const diff = useCommitDiff(type, id, revision);
  const data = diff.data;
  const added = data?.files.reduce((sum, file) => sum + file.additions, 0) ?? 0;
  const deleted = data?.files.reduce((sum, file) => sum + file.deletions, 0) ?? 0;
  const body = data?.message.split("\n").slice(1).join("\n").trim();
  return (
    <RepoPageFrame type={type} id={id} tab="commits" revision="main" title={`Commit ${revision.slice(0, 7)}`}>
      {diff.isPending ? (
        <Skeleton lines={10} />
      ) : diff.isError || !data ? (
        <ErrorState error={diff.error} retry={() => void diff.refetch()} />
      ) : (
        <div className="commit-page" data-testid="commit-page">
          <section className="card commit-summary">
            <h2>{data.title || "(no message)"}</h2>
            {body ? <pre className="commit-body">{body}</pre> : null}
            <div className="small muted">
              {data.authorName} committed{" "}
              <time dateTime={data.date} title={formatDate(data.date)}>
                {formatRelative(data.date)}
              </time>
            </div>
            <div className="commit-ids small">
              <span>
                commit <code>{data.id}</code> <CopyButton text={data.id} label="Copy SHA" />
              </span>
              {data.parents.map((parent) => (
                <span key={parent}>
                  parent{" "}
                  <Link className="commit-sha" to={paths.commit(type, id, parent)}>
                    <code>{parent.slice(0, 7)}</code>
                  </Link>
                </span>
              ))}
              <Link className="button button-small" to={paths.tree(type, id, data.id)}>
                Browse files at this commit
              </Link>
            </div>
          </section>
          <p className="small">
            {data.files.length} {data.files.length === 1 ? "file" : "files"} changed{" "}
            <span className="diff-added">+{added}</span> <span className="diff-deleted">−{deleted}</span>
            {data.filesTruncated ? " (only the first 1,000 files are listed)" : ""}
          </p>
          {data.files.map((file) => (
            <FileDiff key={`${file.oldPath ?? ""}:${file.path}`} change={file} />
          ))}
        </div>
      )}
    </RepoPageFrame>
  );
}
