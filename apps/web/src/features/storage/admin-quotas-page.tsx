import { useState, type FormEvent } from "react";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import "../../components/inference-usage/usage.css";
import { useAdminQuota, useAdminQuotas, useSetQuota } from "./api.js";
import { StorageView } from "./storage-view.js";
import { AdminPage } from "../../components/auth/admin-page.js";

function QuotaForm({ name }: { name: string }) {
  const quota = useAdminQuota(name);
  const save = useSetQuota(name);
  const [storage, setStorage] = useState("");
  const [repos, setRepos] = useState("");
  if (quota.isPending) return <Skeleton lines={4} />;
  if (quota.isError) return <ErrorState error={quota.error} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...(storage.trim() ? { storage: storage.trim() } : {}),
      ...(repos.trim() ? { repos: repos.trim() } : {}),
    });
  };
  return (
    <div className="usage-stack">
      <StorageView storage={save.data ?? quota.data} />
      <form onSubmit={submit} style={{ display: "flex", gap: 10, flexWrap: "wrap", alignItems: "end" }}>
        <label className="field">
          Storage quota
          <input
            className="input"
            value={storage}
            onChange={(event) => setStorage(event.target.value)}
            placeholder="50GB, 500MiB, none, default"
            aria-describedby="quota-help"
          />
        </label>
        <label className="field">
          Repository limit
          <input
            className="input"
            value={repos}
            onChange={(event) => setRepos(event.target.value)}
            placeholder="10, none, default"
          />
        </label>
        <button
          className="button"
          type="submit"
          disabled={save.isPending || (!storage.trim() && !repos.trim())}
        >
          Save
        </button>
      </form>
      <p id="quota-help" className="small muted" style={{ margin: 0 }}>
        GB, MB and kB are decimal, GiB, MiB and KiB binary; <code>none</code> is unlimited,{" "}
        <code>default</code> follows <code>MODELHUB_DEFAULT_QUOTA_GB</code> /{" "}
        <code>MODELHUB_DEFAULT_REPO_LIMIT</code>.
      </p>
      {save.isError ? (
        <p className="notice" role="alert" data-testid="quota-error">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}

function QuotaList({ onPick }: { onPick: (name: string) => void }) {
  const list = useAdminQuotas(true);
  if (list.isPending) return <Skeleton lines={3} />;
  if (list.isError) return <ErrorState error={list.error} />;
  if (list.data.quotas.length === 0)
    return <p className="small muted">No user or organization has a limit of its own yet.</p>;
  return (
    <table className="usage-table" data-testid="quota-list">
      <thead>
        <tr>
          <th>Name</th>
          <th>Kind</th>
          <th>Storage</th>
          <th>Repositories</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {list.data.quotas.map((entry) => (
          <tr key={entry.name} data-row={entry.name}>
            <td className="mono">{entry.name}</td>
            <td>{entry.kind === "org" ? "organization" : "user"}</td>
            <td>{entry.summary}</td>
            <td>
              {entry.repoCount} of {entry.repoLimit ?? "unlimited"}
            </td>
            <td>
              <button className="button" type="button" onClick={() => onPick(entry.name)}>
                Edit {entry.name}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Quotas() {
  const { user } = useAuth();
  const [draft, setDraft] = useState("");
  const [name, setName] = useState("");
  if (!user?.isAdmin) return <p className="notice notice-info">Only site admins can set storage quotas.</p>;
  return (
    <div className="usage-stack">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setName(draft.trim());
        }}
        style={{ display: "flex", gap: 10 }}
      >
        <input
          className="input"
          aria-label="User or organization"
          placeholder="User or organization"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button className="button" type="submit" disabled={!draft.trim()}>
          Show
        </button>
      </form>
      {name ? <QuotaForm key={name} name={name} /> : null}
      <section>
        <h2 className="usage-heading">Limits set</h2>
        <QuotaList
          onPick={(picked) => {
            setDraft(picked);
            setName(picked);
          }}
        />
      </section>
    </div>
  );
}

/** `/admin/quotas`: a site admin looks up a user or organization and sets its quota and repo limit. */
export function AdminQuotasPage() {
  return (
    <AdminPage title="Storage quotas" what="set storage quotas" narrow>
      <Quotas />
    </AdminPage>
  );
}
