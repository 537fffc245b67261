import { useEffect, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import type { GroupRoleMapping, OrgRole, OrgSsoSettings } from "@modelhub/api-types";
import { CopyButton } from "../../components/ui/copy-button.js";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { ORG_ROLES, useOrgOverview } from "../../lib/orgs/api.js";
import { FormError } from "../../components/orgs/form-error.js";
import { OrgHeader } from "../../components/orgs/org-header.js";
import { orgOverviewState } from "../../components/orgs/org-overview-state.js";
import { useOrgSso, useSaveOrgSso, useScimTokenChanges, useScimTokens } from "./sso-api.js";
import "../../components/orgs/orgs.css";

function MappingRows({
  rows,
  onChange,
}: {
  rows: GroupRoleMapping[];
  onChange: (rows: GroupRoleMapping[]) => void;
}) {
  const update = (index: number, patch: Partial<GroupRoleMapping>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="mapping-rows">
      {rows.length === 0 ? <p className="small muted">No mappings yet.</p> : null}
      {rows.map((row, index) => (
        <div className="mapping-row" key={index} data-mapping={index}>
          <input
            className="input mono"
            aria-label={`Group ${index + 1}`}
            placeholder="IdP group, e.g. ml-team"
            value={row.group}
            onChange={(e) => update(index, { group: e.target.value })}
            required
          />
          <span aria-hidden="true" className="muted">
            →
          </span>
          <select
            className="input"
            aria-label={`Role of group ${index + 1}`}
            value={row.role}
            onChange={(e) => update(index, { role: e.target.value as OrgRole })}
          >
            {ORG_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-small"
            aria-label={`Remove mapping ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-small"
        onClick={() => onChange([...rows, { group: "", role: "read" }])}
      >
        Add a mapping
      </button>
    </div>
  );
}

function SettingsForm({ org, settings }: { org: string; settings: OrgSsoSettings }) {
  const save = useSaveOrgSso(org);
  const [require2fa, setRequire2fa] = useState(settings.require2fa);
  const [attribute, setAttribute] = useState(settings.groupsAttribute ?? "");
  const [mappings, setMappings] = useState<GroupRoleMapping[]>(settings.mappings);
  useEffect(() => {
    setRequire2fa(settings.require2fa);
    setAttribute(settings.groupsAttribute ?? "");
    setMappings(settings.mappings);
  }, [settings]);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      require2fa,
      groupsAttribute: attribute.trim() || null,
      mappings: mappings.map((m) => ({ group: m.group.trim(), role: m.role })),
    });
  }
  return (
    <form className="card org-stack" onSubmit={onSubmit} aria-labelledby="sso-settings-title">
      <h2 id="sso-settings-title" style={{ margin: 0, fontSize: "1.05rem" }}>
        Sign-in rules
      </h2>
      <label className="check-row">
        <input
          id="require-2fa"
          type="checkbox"
          checked={require2fa}
          onChange={(e) => setRequire2fa(e.target.checked)}
        />
        <span>
          <strong>Members must use 2FA or company sign-in</strong>
          <span className="small muted" style={{ display: "block" }}>
            Members who signed in with a password alone don&apos;t see {org}&apos;s private repos in the
            browser until they set up two-factor authentication. Access tokens keep working.
          </span>
        </span>
      </label>
      <fieldset className="org-stack" style={{ border: 0, padding: 0, margin: 0, gap: 10 }}>
        <legend style={{ fontWeight: 600, marginBottom: 6 }}>Group → role mappings</legend>
        <p className="small muted" style={{ margin: 0 }}>
          At every company sign-in (OpenID Connect, SAML, LDAP) and SCIM group change, members of these
          identity provider groups get the role; the most privileged match wins, and someone no longer in any
          mapped group loses the role a mapping gave. {org} always keeps at least one admin.
        </p>
        <label className="field-label">
          <span>
            Groups attribute{" "}
            <span className="small muted">(OIDC claim or SAML attribute; empty: the hub&apos;s default)</span>
          </span>
          <input
            id="groups-attribute"
            className="input mono"
            value={attribute}
            placeholder="groups"
            onChange={(e) => setAttribute(e.target.value)}
            maxLength={200}
          />
        </label>
        <MappingRows rows={mappings} onChange={setMappings} />
        {settings.siteMappings?.length ? (
          <p className="small muted" style={{ margin: 0 }}>
            Also set by the hub&apos;s administrator (MODELHUB_SSO_GROUP_ROLES):{" "}
            {settings.siteMappings.map((m) => `${m.group} → ${m.role}`).join(", ")}
          </p>
        ) : null}
      </fieldset>
      <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
        <button className="button button-primary" type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </button>
        {save.isSuccess && !save.isPending ? (
          <span className="notice notice-ok" role="status">
            Saved.
          </span>
        ) : null}
      </div>
      <FormError error={save.error} />
    </form>
  );
}

function ScimSection({ org, scimUrl }: { org: string; scimUrl?: string }) {
  const tokens = useScimTokens(org, true);
  const { create, revoke } = useScimTokenChanges(org);
  const [name, setName] = useState("");
  return (
    <section className="card org-stack" aria-labelledby="scim-title">
      <h2 id="scim-title" style={{ margin: 0, fontSize: "1.05rem" }}>
        SCIM provisioning
      </h2>
      <p className="small muted" style={{ margin: 0 }}>
        Point your identity provider&apos;s SCIM 2.0 app (Microsoft Entra ID, Okta, …) at this URL with a SCIM
        token. Deactivating a user there ends their sessions and stops their tokens at once.
      </p>
      {scimUrl ? (
        <p className="scim-url">
          <code data-testid="scim-url">{scimUrl}</code> <CopyButton text={scimUrl} label="Copy URL" />
        </p>
      ) : null}
      <form
        className="add-member-row scim-token-row"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(name.trim() || "SCIM", { onSuccess: () => setName("") });
        }}
      >
        <label>
          Token name
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Entra ID"
            maxLength={100}
          />
        </label>
        <button className="button button-primary" type="submit" disabled={create.isPending}>
          Create SCIM token
        </button>
      </form>
      {create.data ? (
        <div className="notice notice-ok" role="status">
          Copy the token now, it is shown once: <code data-testid="new-scim-token">{create.data.token}</code>{" "}
          <CopyButton text={create.data.token} />
        </div>
      ) : null}
      <FormError error={create.error ?? revoke.error} />
      {tokens.isPending ? (
        <Skeleton lines={2} />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} />
      ) : tokens.data.length === 0 ? (
        <p className="small muted">No SCIM tokens.</p>
      ) : (
        <table className="file-table" data-testid="scim-tokens">
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id}>
                <td>
                  <strong>{token.displayName}</strong>{" "}
                  <span className="mono small muted">{token.prefix}</span>
                </td>
                <td className="small muted">
                  by {token.createdBy} {formatDate(token.createdAt)} ·{" "}
                  {token.lastUsedAt ? `used ${formatRelative(token.lastUsedAt)}` : "never used"}
                </td>
                <td className="file-size">
                  <button
                    type="button"
                    className="button button-small button-danger"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SsoSettingsBody({ org }: { org: string }) {
  const settings = useOrgSso(org, true);
  if (settings.isPending) return <Skeleton lines={6} />;
  if (settings.isError) return <ErrorState error={settings.error} />;
  return (
    <div className="org-stack">
      <SettingsForm org={org} settings={settings.data} />
      <ScimSection org={org} scimUrl={settings.data.scimUrl} />
    </div>
  );
}

/** `/organizations/{org}/settings/sso`: the org's sign-in rules, group → role mappings and SCIM. */
export function OrgSsoPage() {
  const { org = "" } = useParams();
  const overview = useOrgOverview(org);
  const name = overview.data?.name ?? org;
  useTitle(`${name} · Sign-in settings`);
  const fallback = orgOverviewState(overview);
  if (fallback || !overview.data) return fallback;
  return (
    <>
      <OrgHeader name={name} fullname={overview.data.fullname} current="sso" />
      <div className="container page-narrow" style={{ paddingTop: 18 }}>
        <RequireUser what={`manage the sign-in settings of ${name}`}>
          <SsoSettingsBody org={name} />
        </RequireUser>
      </div>
    </>
  );
}
