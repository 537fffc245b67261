import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorState, Skeleton, Spinner } from "../../components/ui/status.js";
import { paths, readmeLinkBase } from "../../config/paths.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { getFileText } from "../../lib/repos/api/get-file-text.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { useQuery } from "@tanstack/react-query";
import { isNotFound } from "../../lib/api-error.js";
import type { RepoType } from "@modelhub/api-types";
import { cardTemplate } from "./card-template.js";
import { checkCard } from "./card-check.js";
import { CommitForm } from "./commit-form.js";
import { baseName, branchOf, isRepoCard, pathProblem } from "./edit-paths.js";
import { TextEditor } from "./text-editor.js";
import { useBaseCommit } from "./use-base-commit.js";
import { useCanWrite } from "./use-can-write.js";
import { useCommit } from "./use-commit.js";
import { useLeaveGuard } from "./use-leave-guard.js";
import { hubCardError } from "./validate-card.js";
import "./file-edit.css";

/** Files up to this size open in the browser editor. */
const MAX_EDIT_BYTES = 2 * 1024 * 1024;
interface EditorProps {
  type: RepoType;
  id: string;
  revision: string;
  /** The file being edited, or the folder a new file goes into. */
  filePath: string;
  mode: "new" | "edit";
  initialText: string;
  baseCommit: string | undefined;
}

/** The editor and its commit form; the text lives here, so a failed commit keeps it. */
function FileEditor({ type, id, revision, filePath, mode, initialText, baseCommit }: EditorProps) {
  const [searchParams] = useSearchParams();
  const card = searchParams.get("card") === "1";
  const [path, setPath] = useState(
    mode === "edit" ? filePath : card ? "README.md" : filePath ? `${filePath}/` : "",
  );
  const [text, setText] = useState(initialText);
  const { canWrite } = useCanWrite(id);
  const action = useCommit(type, id);
  const cleanPath = path.trim();
  const isCard = isRepoCard(cleanPath);
  const check = isCard ? checkCard(text) : undefined;
  const markdown = /\.md$/i.test(cleanPath);
  const blocked =
    (mode === "new" ? pathProblem(cleanPath) : undefined) ??
    (check && !check.valid ? "Fix the metadata errors to commit." : undefined);
  // closing the tab or reloading with unsaved text asks first
  useLeaveGuard(text !== initialText && !action.busy);
  const defaultSummary = `${mode === "new" ? "Create" : "Update"} ${baseName(cleanPath) || "file"}`;

  return (
    <div className="file-editor">
      {mode === "new" ? (
        <label className="file-editor-path">
          <span>File path</span>
          <input
            className="input mono"
            value={path}
            placeholder="e.g. docs/notes.md"
            onChange={(event) => setPath(event.target.value)}
            aria-describedby="file-path-hint"
          />
          <span id="file-path-hint" className="small muted file-editor-hint">
            Folders are created as needed; an existing file with this path is replaced.
          </span>
        </label>
      ) : (
        <p className="file-editor-editing">
          Editing <strong className="mono">{filePath}</strong> on <span className="mono">{revision}</span>
        </p>
      )}
      <TextEditor
        label={`Contents of ${cleanPath || "the new file"}`}
        value={text}
        onChange={setText}
        markdown={markdown}
        check={check}
        linkBase={readmeLinkBase(type, id, revision)}
      />
      <CommitForm
        id={id}
        defaultSummary={defaultSummary}
        defaultBranch={branchOf(revision)}
        latestUrl={mode === "edit" ? paths.blob(type, id, branchOf(revision), filePath) : undefined}
        canWrite={canWrite}
        blockedReason={blocked}
        busy={action.busy}
        error={action.error}
        onSubmit={(fields) =>
          void action.commit(
            [{ kind: "write", path: cleanPath, text }],
            fields,
            // another branch than the one loaded has its own head: no parent check there
            fields.branch === branchOf(revision) ? baseCommit : undefined,
            (branch) => paths.blob(type, id, branch, cleanPath),
            isCard ? () => hubCardError(type, text) : undefined,
          )
        }
      >
        <Link
          className="button"
          to={
            mode === "edit"
              ? paths.blob(type, id, revision, filePath)
              : paths.tree(type, id, revision, filePath)
          }
        >
          Cancel
        </Link>
      </CommitForm>
    </div>
  );
}

/** Loads the commit the editor works on and, when editing, the file's whole text at that commit. */
function EditorLoader({ mode }: { mode: "new" | "edit" }) {
  const { type, id, revision, filePath } = useRepoRoute();
  const [searchParams] = useSearchParams();
  const base = useBaseCommit(type, id, revision);
  const file = useQuery({
    queryKey: ["edit-text", type, id, base.data ?? "", filePath],
    queryFn: () => getFileText(type, id, base.data ?? revision, filePath, MAX_EDIT_BYTES),
    enabled: mode === "edit" && base.isSuccess,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (base.isPending || (mode === "edit" && file.isPending)) return <Skeleton lines={12} />;
  if (base.isError) return <ErrorState error={base.error} retry={() => void base.refetch()} />;
  if (mode === "edit" && file.isError)
    return isNotFound(file.error) ? (
      <ErrorState error={new Error(`${filePath} does not exist on ${revision}.`)} />
    ) : (
      <ErrorState error={file.error} retry={() => void file.refetch()} />
    );
  if (file.data?.truncated)
    return (
      <p className="notice" role="alert">
        {filePath} is larger than {MAX_EDIT_BYTES / 1024 / 1024} MB: edit it with git or the hf CLI.
      </p>
    );
  const initialText =
    mode === "edit"
      ? (file.data?.text ?? "")
      : searchParams.get("card") === "1"
        ? cardTemplate(type, id)
        : "";
  return (
    <FileEditor
      key={`${base.data ?? ""}:${filePath}`}
      type={type}
      id={id}
      revision={revision}
      filePath={filePath}
      mode={mode}
      initialText={initialText}
      baseCommit={base.data ?? undefined}
    />
  );
}

function EditorPage({ mode }: { mode: "new" | "edit" }) {
  const { type, id, revision } = useRepoRoute();
  const { checking } = useCanWrite(id);
  return (
    <RepoPageFrame
      type={type}
      id={id}
      tab="files"
      revision={revision}
      title={mode === "new" ? "New file" : "Edit"}
    >
      <h2 className="file-editor-title">{mode === "new" ? "Create a new file" : "Edit file"}</h2>
      <RequireUser what={mode === "new" ? "create files" : "edit files"}>
        {checking ? <Spinner /> : <EditorLoader mode={mode} />}
      </RequireUser>
    </RepoPageFrame>
  );
}

export function NewFilePage() {
  return <EditorPage mode="new" />;
}

export function EditFilePage() {
  return <EditorPage mode="edit" />;
}
