import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTitle } from "../../lib/use-title.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { createOrg } from "../../lib/orgs/api.js";
import { FormError } from "../../components/orgs/form-error.js";
import { orgPaths } from "../../lib/orgs/paths.js";
import "../../components/orgs/orgs.css";

// the hub's rule for names; "--" and ".." are refused by the server with a clear message
const NAME_PATTERN = "[A-Za-z0-9](?:[A-Za-z0-9._\\-]*[A-Za-z0-9])?";

function NewOrgForm() {
  const [name, setName] = useState("");
  const [fullname, setFullname] = useState("");
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const org = await createOrg({ name: name.trim(), fullname: fullname.trim() || undefined });
      // the creator is its admin: the account menu and the owner pickers list it from now on
      await queryClient.invalidateQueries({ queryKey: ["whoami"] });
      navigate(orgPaths.members(org.name));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form card" onSubmit={onSubmit} style={{ maxWidth: "none" }}>
      <label>
        Organisation name
        <input
          id="org-name"
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={96}
          pattern={NAME_PATTERN}
          autoComplete="off"
          placeholder="e.g. acme-research"
          title="Letters, digits, '-', '_' and '.', starting and ending with a letter or digit"
        />
        <span className="hint">
          The namespace of its repositories: <code>{name.trim() || "name"}/model-name</code>.
        </span>
      </label>
      <label>
        <span>
          Full name <span className="hint">(optional)</span>
        </span>
        <input
          id="org-fullname"
          className="input"
          value={fullname}
          onChange={(e) => setFullname(e.target.value)}
          maxLength={200}
          placeholder="e.g. Acme Research Lab"
        />
      </label>
      <FormError error={error} />
      <div>
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create organisation"}
        </button>
      </div>
    </form>
  );
}

export function NewOrgPage() {
  useTitle("New organisation");
  return (
    <div className="container page-narrow">
      <h1>Create an organisation</h1>
      <p className="muted">
        An organisation owns models, datasets and spaces together. You become its first admin and can add
        members with the <strong>admin</strong>, <strong>write</strong> or <strong>read</strong> role.
      </p>
      <RequireUser what="create an organisation">
        <NewOrgForm />
      </RequireUser>
    </div>
  );
}
