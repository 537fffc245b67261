import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";
import { DeleteDialog } from "./delete-dialog.js";
import { baseName, EDITABLE_TEXT, editPaths } from "./edit-paths.js";
import { useCanWrite } from "./use-can-write.js";
import { MirrorInlineNote } from "../../components/mirror/mirror-mark.js";
import { useMirrored } from "../../lib/mirror/use-mirrored.js";
import "./file-edit.css";

/** Edit and Delete on a file's page, for signed-in users (non-writers get pull requests). */
export function FileActions(props: { type: RepoType; id: string; revision: string; path: string }) {
  // a new path (after a commit moved the page) starts with the dialog closed
  return <FileButtons key={props.path} {...props} />;
}

function FileButtons({
  type,
  id,
  revision,
  path,
}: {
  type: RepoType;
  id: string;
  revision: string;
  path: string;
}) {
  const { signedIn } = useCanWrite(id);
  const mirror = useMirrored(type, id);
  const [deleting, setDeleting] = useState(false);
  if (mirror) return <MirrorInlineNote upstream={mirror.upstream} />;
  if (!signedIn) return null;
  return (
    <>
      <div className="file-actions">
        {EDITABLE_TEXT.test(baseName(path)) ? (
          <Link className="button button-small" to={editPaths.editFile(type, id, revision, path)}>
            Edit
          </Link>
        ) : null}
        <button
          type="button"
          className="button button-small button-danger"
          aria-haspopup="dialog"
          onClick={() => setDeleting(!deleting)}
        >
          Delete
        </button>
      </div>
      {deleting ? (
        <DeleteDialog
          type={type}
          id={id}
          revision={revision}
          path={path}
          folder={false}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}

/** "Add file" (create or upload) on the Files tab, and "Delete folder" inside a folder. */
export function FolderActions(props: { type: RepoType; id: string; revision: string; folder: string }) {
  return <FolderButtons key={props.folder} {...props} />;
}

function FolderButtons({
  type,
  id,
  revision,
  folder,
}: {
  type: RepoType;
  id: string;
  revision: string;
  folder: string;
}) {
  const { signedIn, canWrite } = useCanWrite(id);
  const mirror = useMirrored(type, id);
  const [deleting, setDeleting] = useState(false);
  if (mirror) return <MirrorInlineNote upstream={mirror.upstream} />;
  if (!signedIn) return null;
  return (
    <>
      <div className="file-actions">
        <details className="add-file-menu">
          <summary className="button button-small">Add file</summary>
          <div className="add-file-items" role="menu">
            <Link role="menuitem" to={editPaths.newFile(type, id, revision, folder)}>
              Create new file
            </Link>
            {canWrite ? (
              <Link role="menuitem" to={paths.upload(type, id)}>
                Upload files
              </Link>
            ) : null}
          </div>
        </details>
        {folder ? (
          <button
            type="button"
            className="button button-small button-danger"
            aria-haspopup="dialog"
            onClick={() => setDeleting(!deleting)}
          >
            Delete folder
          </button>
        ) : null}
      </div>
      {deleting ? (
        <DeleteDialog
          type={type}
          id={id}
          revision={revision}
          path={folder}
          folder
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}
