import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/status.js";
import { paths, repoTypeLabel } from "../../config/paths.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { LICENSES, SPACE_SDKS } from "../../features/search/filter-options.js";
import { createRepo } from "../../features/upload/api/create-repo.js";
import type { RepoType } from "@modelhub/api-types";
import { useTitle } from "../../lib/use-title.js";

const REPO_TYPES: readonly RepoType[] = ["model", "dataset", "space", "kernel"];

const NAME_PATTERN = "[A-Za-z0-9](?:[A-Za-z0-9._\\-]*[A-Za-z0-9])?";

function NewRepoForm() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const initialType = params.get("type");
  const [type, setType] = useState<RepoType>(
    REPO_TYPES.find((candidate) => candidate === initialType) ?? "model",
  );
  const owners = [user?.name ?? "", ...(user?.orgs ?? []).map((o) => o.name)].filter(Boolean);
  const [owner, setOwner] = useState(owners[0] ?? "");
  const [name, setName] = useState("");
  const [license, setLicense] = useState("");
  const [sdk, setSdk] = useState("static");
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await createRepo({
        type,
        owner,
        name: name.trim(),
        private: isPrivate,
        license: license || undefined,
        sdk,
      });
      navigate(paths.repo(type, `${owner}/${name.trim()}`));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <fieldset className="radio-row" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="small muted" style={{ marginBottom: 6 }}>
          Repository type
        </legend>
        {REPO_TYPES.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="repo-type"
              value={value}
              checked={type === value}
              onChange={() => setType(value)}
            />{" "}
            {repoTypeLabel(value)}
          </label>
        ))}
      </fieldset>
      <div
        style={{
          display: "grid",
          gridTemplateColumns: "minmax(0, 1fr) auto minmax(0, 1.4fr)",
          gap: 8,
          alignItems: "end",
        }}
      >
        <label>
          Owner
          <select className="input" value={owner} onChange={(e) => setOwner(e.target.value)}>
            {owners.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <span style={{ paddingBottom: 8 }} className="faint">
          /
        </span>
        <label>
          Name
          <input
            id="new-repo-name"
            className="input"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              // an answer about the previous name no longer applies
              setError(undefined);
            }}
            required
            maxLength={96}
            pattern={NAME_PATTERN}
            title="Letters, digits, '-', '_' and '.', not starting or ending with '-' or '.'"
          />
        </label>
      </div>
      <label>
        License
        <select className="input" value={license} onChange={(e) => setLicense(e.target.value)}>
          <option value="">None</option>
          {LICENSES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      {type === "space" ? (
        <label>
          SDK
          <select className="input" value={sdk} onChange={(e) => setSdk(e.target.value)}>
            {SPACE_SDKS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <span className="hint">Static spaces (an index.html) run right on their page.</span>
        </label>
      ) : null}
      <fieldset className="radio-row" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="small muted" style={{ marginBottom: 6 }}>
          Visibility
        </legend>
        <label>
          <input type="radio" name="visibility" checked={!isPrivate} onChange={() => setPrivate(false)} />{" "}
          Public
        </label>
        <label>
          <input type="radio" name="visibility" checked={isPrivate} onChange={() => setPrivate(true)} />{" "}
          Private
        </label>
      </fieldset>
      {error ? <ErrorState error={error} /> : null}
      <div>
        <button className="button button-primary" type="submit" disabled={busy || !owner}>
          {busy ? "Creating…" : `Create ${type}`}
        </button>
      </div>
    </form>
  );
}

export function NewRepoPage() {
  useTitle("New repository");
  return (
    <div className="container page-narrow">
      <h1>Create a new repository</h1>
      <p className="muted">A git repository with large-file storage, versioned like the public Hub.</p>
      <RequireUser what="create a repository">
        <NewRepoForm />
      </RequireUser>
    </div>
  );
}
