import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { uploadFiles, type FileProgress } from "../../features/upload/api/upload-files.js";
import { UploadProgress } from "../../features/upload/upload-progress.js";
import type { CommitResponse } from "@modelhub/api-types";
import { formatBytes } from "../../lib/format.js";
import { MirrorReadOnlyNote } from "../../components/mirror/mirror-mark.js";
import { useMirrored } from "../../lib/mirror/use-mirrored.js";

function UploadForm() {
  const { type, id } = useRepoRoute();
  const [files, setFiles] = useState<File[]>([]);
  const [folder, setFolder] = useState("");
  const [summary, setSummary] = useState("");
  const [description, setDescription] = useState("");
  const [progress, setProgress] = useState<{ files: FileProgress[]; stage: string }>();
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<CommitResponse>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  function addFiles(list: FileList | null) {
    if (!list) return;
    setFiles((previous) => [...previous.filter((f) => ![...list].some((n) => n.name === f.name)), ...list]);
  }
  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }
  const prefix = folder.trim().replace(/^\/+|\/+$/g, "");
  const repoPath = (file: File) => (prefix ? `${prefix}/${file.name}` : file.name);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setProgress(undefined);
    setResult(undefined);
    try {
      const title =
        summary.trim() || `Upload ${files.length === 1 ? files[0].name : `${files.length} files`}`;
      const response = await uploadFiles(
        type,
        id,
        "main",
        files.map((file) => ({ path: repoPath(file), file })),
        { summary: title, description },
        (entries, stage) => setProgress({ files: entries, stage }),
      );
      setResult(response);
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: ["tree", type, id] });
      void queryClient.invalidateQueries({ queryKey: ["repo-info", type, id] });
      void queryClient.invalidateQueries({ queryKey: ["commits", type, id] });
      void queryClient.invalidateQueries({ queryKey: ["readme", type, id] });
      setProgress(undefined);
    } catch (caught) {
      // The progress stays on screen: it shows how far the upload got, and a retry resumes from there.
      setError(caught instanceof Error ? caught.message : "The upload failed.");
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} style={{ maxWidth: 720 }}>
      <div
        className={`drop-zone ${dragging ? "dragging" : ""}`}
        role="button"
        tabIndex={0}
        onClick={() => input.current?.click()}
        onKeyDown={(e) =>
          (e.key === "Enter" || e.key === " ") && (e.preventDefault(), input.current?.click())
        }
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        Drag files here or <span style={{ color: "var(--accent-strong)" }}>browse</span>
        <input
          ref={input}
          id="upload-input"
          type="file"
          multiple
          hidden
          onChange={(e) => addFiles(e.target.files)}
        />
      </div>
      {files.length > 0 ? (
        <ul
          className="card"
          style={{ margin: 0, listStyle: "none", padding: "8px 14px" }}
          aria-label="Files to upload"
        >
          {files.map((file) => (
            <li
              key={file.name}
              style={{ display: "flex", justifyContent: "space-between", gap: 8, padding: "4px 0" }}
            >
              <span className="mono small">{repoPath(file)}</span>
              <span className="small muted">
                {formatBytes(file.size)}{" "}
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles(files.filter((f) => f !== file))}
                >
                  ✕
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <label>
        Folder (optional)
        <input
          className="input mono"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          placeholder="e.g. data"
        />
      </label>
      <label>
        Commit message
        <input
          id="upload-summary"
          className="input"
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          placeholder={
            files.length
              ? `Upload ${files.length === 1 ? files[0].name : `${files.length} files`}`
              : "Upload files"
          }
        />
      </label>
      <label>
        Extended description (optional)
        <textarea
          className="input"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      {progress ? <UploadProgress files={progress.files} stage={error ? undefined : progress.stage} /> : null}
      {error ? (
        <div className="notice notice-error" role="alert" data-testid="upload-error">
          <strong>Upload failed</strong>
          <div>{error}</div>
          <div className="small">
            Commit again to retry: parts of large files that already reached the hub are not sent twice.
          </div>
        </div>
      ) : null}
      {result ? (
        <p className="notice notice-ok" role="status" data-testid="upload-done">
          Committed <span className="mono">{result.commitOid.slice(0, 7)}</span>.{" "}
          <Link to={paths.tree(type, id, "main")}>See the files</Link>
        </p>
      ) : null}
      <div>
        <button
          className="button button-primary"
          type="submit"
          disabled={files.length === 0 || (progress !== undefined && error === undefined)}
        >
          Commit changes to main
        </button>
      </div>
    </form>
  );
}

export function UploadPage() {
  const { type, id } = useRepoRoute();
  const mirror = useMirrored(type, id);
  return (
    <RepoPageFrame type={type} id={id} tab="upload" title="Upload">
      <h2>Upload files</h2>
      {mirror ? (
        <MirrorReadOnlyNote info={{ mirror }} />
      ) : (
        <RequireUser what="upload files">
          <UploadForm />
        </RequireUser>
      )}
    </RepoPageFrame>
  );
}
