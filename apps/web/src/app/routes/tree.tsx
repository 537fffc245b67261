import { Link } from "react-router";
import { EmptyState, ErrorState, NotFoundState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { useTree } from "../../lib/repos/api/get-tree.js";
import { RevisionPicker } from "../../features/repos/components/revision-picker.js";
import { Breadcrumbs } from "../../features/repos/components/breadcrumbs.js";
import { FileTable } from "../../features/repos/components/file-table.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { isNotFound } from "../../lib/api-error.js";
import { CommitNotice } from "../../features/file-edit/commit-notice.js";
import { EmptyRepoGuide } from "../../features/file-edit/empty-repo.js";
import { isEmptyRepo } from "../../features/file-edit/start-commands.js";
import { FolderActions } from "../../features/file-edit/file-actions.js";

export function TreePage() {
  const { type, id, revision, filePath } = useRepoRoute();
  const tree = useTree(type, id, revision, filePath);
  return (
    <RepoPageFrame type={type} id={id} tab="files" revision={revision} title="Files">
      <div className="toolbar">
        <div style={{ display: "flex", gap: 10, alignItems: "center", flexWrap: "wrap" }}>
          <RevisionPicker
            type={type}
            id={id}
            revision={revision}
            to={(rev) => paths.tree(type, id, rev, filePath)}
          />
          <Breadcrumbs type={type} id={id} revision={revision} path={filePath} />
        </div>
        <div className="file-actions">
          <FolderActions type={type} id={id} revision={revision} folder={filePath} />
          <Link className="button button-small" to={paths.commits(type, id, revision)}>
            History
          </Link>
        </div>
      </div>
      <CommitNotice type={type} id={id} />
      {tree.isPending ? (
        <Skeleton lines={8} />
      ) : tree.isError ? (
        isNotFound(tree.error) ? (
          <NotFoundState what="folder" />
        ) : (
          <ErrorState error={tree.error} retry={() => void tree.refetch()} />
        )
      ) : !filePath && isEmptyRepo(tree.data) ? (
        <div className="card">
          <EmptyRepoGuide type={type} id={id} />
        </div>
      ) : tree.data.length === 0 ? (
        <EmptyState title="This folder is empty" />
      ) : (
        <FileTable type={type} id={id} revision={revision} entries={tree.data} />
      )}
    </RepoPageFrame>
  );
}
