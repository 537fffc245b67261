import { useParams } from "react-router";
import type { OrgTokenEntry, OrgTokenPolicy } from "@modelhub/api-types";
import { ErrorState, Skeleton } from "../../components/ui/status.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";
import { RequireUser } from "../../components/auth/require-user.js";
import { useOrgOverview } from "../../lib/orgs/api.js";
import { FormError } from "../../components/orgs/form-error.js";
import { OrgHeader } from "../../components/orgs/org-header.js";
import { orgOverviewState } from "../../components/orgs/org-overview-state.js";
import {
  useDecideOrgToken,
  useOrgTokenPolicy,
  useOrgTokens,
  useSaveOrgTokenPolicy,
  type TokenDecision,
} from "./tokens-api.js";
import "../../components/orgs/orgs.css";

const POLICIES: { value: OrgTokenPolicy; label: string; help: string }[] = [
  { value: "allow_all", label: "Allow all access tokens", help: "Every token of a member works." },
  {
    value: "fine_grained_only",
    label: "Fine-grained tokens only",
    help: "Classic read and write tokens stop working on this organisation's resources.",
  },
  {
    value: "admin_approval",
    label: "Fine-grained tokens, approved by an admin",
    help: "A fine-grained token that names this organisation works once an admin approved it below.",
  },
];

function PolicySection({ org }: { org: string }) {
  const policy = useOrgTokenPolicy(org);
  const save = useSaveOrgTokenPolicy(org);
  if (policy.isPending) return <Skeleton lines={3} />;
  if (policy.isError) return <ErrorState error={policy.error} />;
  return (
    <section className="card org-stack" aria-labelledby="token-policy-title">
      <h2 id="token-policy-title" style={{ margin: 0, fontSize: "1.05rem" }}>
        Token policy
      </h2>
      {POLICIES.map((option) => (
        <label className="check-row" key={option.value}>
          <input
            type="radio"
            name="token-policy"
            value={option.value}
            checked={policy.data.policy === option.value}
            disabled={save.isPending}
            onChange={() => save.mutate(option.value)}
          />
          <span>
            <strong>{option.label}</strong>
            <span className="small muted" style={{ display: "block" }}>
              {option.help}
            </span>
          </span>
        </label>
      ))}
      <FormError error={save.error} />
    </section>
  );
}

function scopeSummary(token: OrgTokenEntry): string {
  if (!token.fineGrained) return `${token.role} (all of ${token.user}'s rights)`;
  return token.fineGrained.scoped
    .map((scope) => `${scope.entity.type} ${scope.entity.name}: ${scope.permissions.join(", ") || "nothing"}`)
    .join("; ");
}

const ACTIONS: Record<string, TokenDecision[]> = {
  pending: ["approve", "deny"],
  denied: ["approve"],
  approved: ["deny", "revoke"],
  active: ["revoke"],
  refused: ["revoke"],
  revoked: [],
};

function TokensSection({ org }: { org: string }) {
  const tokens = useOrgTokens(org);
  const decide = useDecideOrgToken(org);
  return (
    <section className="card org-stack" aria-labelledby="org-tokens-title">
      <h2 id="org-tokens-title" style={{ margin: 0, fontSize: "1.05rem" }}>
        Members&apos; tokens
      </h2>
      <FormError error={decide.error} />
      {tokens.isPending ? (
        <Skeleton lines={3} />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} />
      ) : tokens.data.length === 0 ? (
        <p className="small muted">No member token reaches {org}.</p>
      ) : (
        <table className="file-table" data-testid="org-tokens">
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id} data-token={token.id}>
                <td>
                  <strong>{token.displayName}</strong> <span className="small muted">by {token.user}</span>
                  <span className="small muted" style={{ display: "block" }}>
                    {scopeSummary(token)}
                  </span>
                </td>
                <td className="small muted">
                  {formatDate(token.createdAt)} ·{" "}
                  {token.lastUsedAt ? `used ${formatRelative(token.lastUsedAt)}` : "never used"}
                </td>
                <td>
                  <span className="tag" data-status={token.status}>
                    {token.status}
                  </span>
                </td>
                <td className="file-size">
                  <span
                    style={{ display: "inline-flex", gap: 6, flexWrap: "wrap", justifyContent: "flex-end" }}
                  >
                    {(ACTIONS[token.status] ?? []).map((decision) => (
                      <button
                        key={decision}
                        type="button"
                        className={`button button-small${decision === "approve" ? "" : " button-danger"}`}
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: token.id, decision })}
                      >
                        {decision[0].toUpperCase() + decision.slice(1)}
                      </button>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** `/organizations/{org}/settings/tokens`: the org's token policy and its members' tokens (admins). */
export function OrgTokensPage() {
  const { org = "" } = useParams();
  const overview = useOrgOverview(org);
  const name = overview.data?.name ?? org;
  useTitle(`${name} · Tokens`);
  const fallback = orgOverviewState(overview);
  if (fallback || !overview.data) return fallback;
  return (
    <>
      <OrgHeader name={name} fullname={overview.data.fullname} current="tokens" />
      <div className="container page-narrow" style={{ paddingTop: 18 }}>
        <RequireUser what={`manage the tokens of ${name}`}>
          <div className="org-stack">
            <PolicySection org={name} />
            <TokensSection org={name} />
          </div>
        </RequireUser>
      </div>
    </>
  );
}
