import { paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";
import { getTree } from "../../lib/repos/api/get-tree.js";
import { CommitForm } from "./commit-form.js";
import { branchOf, parentFolder } from "./edit-paths.js";
import { useBaseCommit } from "./use-base-commit.js";
import { useCanWrite } from "./use-can-write.js";
import { useCommit } from "./use-commit.js";

/** The folder that held what was deleted, or the root when that folder is gone too (it held nothing else). */
async function folderLeft(type: RepoType, id: string, branch: string, folder: string): Promise<string> {
  if (!folder) return paths.tree(type, id, branch);
  try {
    await getTree(type, id, branch, folder);
    return paths.tree(type, id, branch, folder);
  } catch {
    return paths.tree(type, id, branch);
  }
}

/**
 * Confirms deleting a file or a whole folder (every file under it, one commit) with a commit
 * message; non-writers open a pull request that deletes it.
 */
export function DeletePanel({
  type,
  id,
  revision,
  path,
  folder,
  onCancel,
}: {
  type: RepoType;
  id: string;
  revision: string;
  path: string;
  folder: boolean;
  onCancel: () => void;
}) {
  const base = useBaseCommit(type, id, revision);
  const { canWrite } = useCanWrite(id);
  const action = useCommit(type, id);
  const what = folder ? "folder" : "file";
  return (
    <div className="delete-panel">
      <p className="notice" role="note">
        {folder ? (
          <>
            Delete the folder <strong className="mono">{path}</strong> and every file in it, in one commit.
          </>
        ) : (
          <>
            Delete <strong className="mono">{path}</strong>.
          </>
        )}{" "}
        Its history stays in the repository.
      </p>
      <CommitForm
        id={id}
        title={`Delete ${what}`}
        defaultSummary={`Delete ${path}`}
        defaultBranch={branchOf(revision)}
        canWrite={canWrite}
        blockedReason={base.isFetching ? "Loading the current commit…" : undefined}
        busy={action.busy}
        error={action.error}
        danger
        onSubmit={(fields) =>
          void action.commit(
            [folder ? { kind: "deleteFolder", path } : { kind: "deleteFile", path }],
            fields,
            fields.branch === branchOf(revision) ? (base.data ?? undefined) : undefined,
            (branch) => folderLeft(type, id, branch, parentFolder(path)),
          )
        }
      >
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </CommitForm>
    </div>
  );
}
