import { useState, type FormEvent } from "react";
import { CopyButton } from "../../components/ui/copy-button.js";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { useCreateToken, useRevokeToken, useTokens } from "../../features/auth/api/tokens.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { SessionList } from "../../components/auth/session-list.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";

function CreateTokenForm() {
  const [name, setName] = useState("");
  const [role, setRole] = useState<"read" | "write">("read");
  const create = useCreateToken();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name: name.trim(), role }, { onSuccess: () => setName("") });
  }
  return (
    <section className="card" aria-labelledby="create-token-title">
      <h2 id="create-token-title">Create a new token</h2>
      <form className="form" onSubmit={onSubmit}>
        <label>
          Name
          <input
            id="token-name"
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
            placeholder="e.g. laptop, CI"
          />
        </label>
        <fieldset className="radio-row" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="small muted" style={{ marginBottom: 6 }}>
            Permission
          </legend>
          <label>
            <input
              type="radio"
              name="role"
              value="read"
              checked={role === "read"}
              onChange={() => setRole("read")}
            />{" "}
            Read
          </label>
          <label>
            <input
              type="radio"
              name="role"
              value="write"
              checked={role === "write"}
              onChange={() => setRole("write")}
            />{" "}
            Write
          </label>
        </fieldset>
        {create.isError ? <ErrorState error={create.error} /> : null}
        <div>
          <button className="button button-primary" type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create token"}
          </button>
        </div>
      </form>
      {create.data ? (
        <div className="notice notice-ok" style={{ marginTop: 14 }} role="status">
          <p style={{ marginTop: 0 }}>
            Token <strong>{create.data.displayName}</strong> created. Copy it now: it will not be shown again.
          </p>
          <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
            <code className="token-value" data-testid="new-token" style={{ flex: 1 }}>
              {create.data.token}
            </code>
            <CopyButton text={create.data.token} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function TokenList() {
  const tokens = useTokens(true);
  const revoke = useRevokeToken();
  if (tokens.isPending) return <Skeleton lines={4} />;
  if (tokens.isError) return <ErrorState error={tokens.error} retry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0) return <EmptyState title="No tokens yet" />;
  return (
    <div className="card" style={{ padding: 0, overflowX: "auto" }}>
      <table className="file-table" data-testid="token-list">
        <tbody>
          {tokens.data.map((token) => {
            return (
              <tr key={token.id}>
                <td>
                  <strong>{token.displayName}</strong>
                  <div className="small muted mono">{token.prefix ?? ""}</div>
                </td>
                <td>
                  <span className="tag">{token.role}</span>
                </td>
                <td className="small muted">
                  Created {formatDate(token.createdAt)}
                  {token.lastUsedAt ? ` · used ${formatRelative(token.lastUsedAt)}` : " · never used"}
                </td>
                <td className="file-size">
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={revoke.isPending}
                    aria-label={`Revoke token ${token.displayName}`}
                    onClick={() => {
                      if (
                        window.confirm(`Revoke "${token.displayName}"? Programs using it will stop working.`)
                      )
                        revoke.mutate(token.id);
                    }}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {revoke.isError ? <ErrorState error={revoke.error} /> : null}
    </div>
  );
}

export function TokensPage() {
  useTitle("Access tokens");
  return (
    <div className="container page-narrow">
      <h1>Access tokens</h1>
      <p className="muted">
        Tokens let scripts, <code>huggingface_hub</code>, <code>git</code> and the inference snippets act as
        you. Use read tokens for downloads, write tokens to push.
      </p>
      <RequireUser what="manage your tokens">
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          <CreateTokenForm />
          <section aria-labelledby="token-list-title">
            <h2 id="token-list-title">Your tokens</h2>
            <TokenList />
          </section>
          <section aria-labelledby="session-list-title">
            <h2 id="session-list-title">Browser sessions</h2>
            <p className="small muted">
              Signing in on this site opens a session in that browser (not a token). Sessions end after 30
              days without use, after 90 days at most, or when you sign out.
            </p>
            <SessionList />
          </section>
        </div>
      </RequireUser>
    </div>
  );
}
