import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CopyButton } from "../../components/ui/copy-button.js";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { useCommits } from "../../features/repos/api/get-commits.js";
import { RevisionPicker } from "../../features/repos/components/revision-picker.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { formatDate, formatRelative } from "../../lib/format.js";

export function CommitsPage() {
  const { type, id, revision } = useRepoRoute();
  const [cursors, setCursors] = useState<string[]>([]);
  useEffect(() => setCursors([]), [type, id, revision]);
  const commits = useCommits(type, id, revision, cursors[cursors.length - 1]);
  return (
    <RepoPageFrame type={type} id={id} tab="commits" revision={revision} title="History">
      <div className="toolbar">
        <h2 style={{ margin: 0 }}>
          History on{" "}
          <RevisionPicker
            type={type}
            id={id}
            revision={revision}
            to={(rev) => paths.commits(type, id, rev)}
          />
          {commits.data?.total !== undefined ? (
            <span className="muted small"> {commits.data.total} commits</span>
          ) : null}
        </h2>
        <Link className="button button-small" to={paths.tree(type, id, revision)}>
          Browse files
        </Link>
      </div>
      {commits.isPending ? (
        <Skeleton lines={8} />
      ) : commits.isError ? (
        <ErrorState error={commits.error} retry={() => void commits.refetch()} />
      ) : commits.data.items.length === 0 ? (
        <EmptyState title="No commits yet" />
      ) : (
        <ul className="commit-list card" style={{ padding: 0 }} data-testid="commit-list">
          {commits.data.items.map((commit) => (
            <li key={commit.id}>
              <div style={{ minWidth: 0 }}>
                <Link to={paths.commit(type, id, commit.id)} style={{ fontWeight: 550, display: "block" }}>
                  {commit.title}
                </Link>
                <div className="small muted">
                  {commit.authors.map((a) => a.user).join(", ") || "unknown"} committed{" "}
                  <time dateTime={commit.date} title={formatDate(commit.date)}>
                    {formatRelative(commit.date)}
                  </time>
                </div>
              </div>
              <div style={{ display: "flex", gap: 6, alignItems: "center", flex: "none" }}>
                <Link className="commit-sha tag" to={paths.commit(type, id, commit.id)}>
                  {commit.id.slice(0, 7)}
                </Link>
                <CopyButton text={commit.id} label="Copy SHA" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <nav className="pagination" aria-label="Commit pages">
        {cursors.length > 0 ? (
          <button type="button" className="button" onClick={() => setCursors(cursors.slice(0, -1))}>
            ← Newer
          </button>
        ) : null}
        {commits.data?.nextUrl ? (
          <button
            type="button"
            className="button"
            onClick={() => setCursors([...cursors, commits.data.nextUrl ?? ""])}
          >
            Older →
          </button>
        ) : null}
      </nav>
    </RepoPageFrame>
  );
}
