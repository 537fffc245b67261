import { useState, type FormEvent } from "react";
import type { RepoType } from "@modelhub/api-types";
import { ErrorState } from "../../components/ui/status.js";
import { formatBytes } from "../../lib/format.js";
import { usePullRepo, type PullProgress } from "./api.js";

const ID_PATTERN = "[A-Za-z0-9][A-Za-z0-9._\\-]*/[A-Za-z0-9][A-Za-z0-9._\\-]*";

function ProgressLine({ progress }: { progress: PullProgress }) {
  const fraction = progress.totalBytes > 0 ? progress.bytes / progress.totalBytes : 1;
  return (
    <div className="mirror-progress" data-testid="pin-progress">
      <progress max={1} value={fraction} aria-label="Pinning progress" />
      <div className="small muted">
        {progress.files} of {progress.totalFiles} files · {formatBytes(progress.bytes)} of{" "}
        {formatBytes(progress.totalBytes)}
        {progress.path && progress.files < progress.totalFiles ? (
          <>
            {" "}
            · <span className="mono">{progress.path}</span>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Mirrors a whole upstream revision ahead of time: every file fetched, verified and pinned. */
export function PinForm() {
  const [id, setId] = useState("");
  const [type, setType] = useState<RepoType>("model");
  const [revision, setRevision] = useState("");
  const [progress, setProgress] = useState<PullProgress | undefined>();
  const pull = usePullRepo(setProgress);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProgress(undefined);
    pull.mutate({ id: id.trim(), type, revision: revision.trim() || "main" });
  };

  return (
    <form className="card mirror-pin" onSubmit={onSubmit} aria-label="Pin a repo">
      <h2 className="usage-heading">Pin a repo</h2>
      <p className="small muted" style={{ margin: "0 0 10px" }}>
        Fetches every file of a revision from the upstream now, checks its hash and keeps it for good: pinned
        files are never evicted by the cache cap.
      </p>
      <div className="mirror-pin-fields">
        <label className="field">
          Repo id
          <input
            className="input"
            name="id"
            placeholder="owner/name"
            required
            pattern={ID_PATTERN}
            value={id}
            onChange={(event) => setId(event.target.value)}
          />
        </label>
        <label className="field">
          Type
          <select
            className="input"
            name="type"
            value={type}
            onChange={(event) => setType(event.target.value as RepoType)}
          >
            <option value="model">Model</option>
            <option value="dataset">Dataset</option>
            <option value="space">Space</option>
          </select>
        </label>
        <label className="field">
          Revision
          <input
            className="input"
            name="revision"
            placeholder="main"
            value={revision}
            onChange={(event) => setRevision(event.target.value)}
          />
        </label>
        <button type="submit" className="button button-primary" disabled={pull.isPending}>
          {pull.isPending ? "Pinning…" : "Pin (mirror whole repo)"}
        </button>
      </div>
      {progress ? <ProgressLine progress={progress} /> : null}
      {pull.isSuccess ? (
        <p className="notice notice-ok small" role="status" data-testid="pin-done">
          Pinned {pull.variables.id}@{pull.variables.revision}: {pull.data.files} files,{" "}
          {formatBytes(pull.data.totalBytes)}.
        </p>
      ) : null}
      {pull.isError ? <ErrorState error={pull.error} /> : null}
    </form>
  );
}
