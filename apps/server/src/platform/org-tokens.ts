import type { Kysely, Transaction } from "kysely";
import type { FineGrainedPermissions, OrgTokenEntry } from "@modelhub/api-types";
import type { Database } from "../db/schema.js";
import { forbidden, notFound } from "../domain/errors.js";
import type { Viewer } from "../domain/repo.js";
import { recordAuditEvent } from "../audit/record.js";
import { requireOrgAdmin } from "./org-admin.js";
import type { Accounts, OrgRow, TokenRow } from "./accounts.js";
import { nowIso } from "../domain/ids.js";
import type { TokenPolicy } from "./org-token-policy.js";
import { hashToken } from "./tokens.js";
import { orgsReached, parseStoredFineGrained } from "./token-scope.js";

export type TokenDecision = "approve" | "deny" | "revoke";

const STATUS_OF: Record<TokenDecision, string> = { approve: "approved", deny: "denied", revoke: "revoked" };
const EVENT_OF: Record<TokenDecision, "org.token_approve" | "org.token_deny" | "org.token_revoke"> = {
  approve: "org.token_approve",
  deny: "org.token_deny",
  revoke: "org.token_revoke",
};

export type { OrgTokenEntry };

/**
 * An organisation's side of its members' tokens: the token policy, approving or denying the
 * fine-grained tokens that name the org, and revoking a token's access to the org. Every change is
 * an org admin's (or a site admin's) and is audited in its transaction.
 */
export class OrgTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
  ) {}

  async policy(orgName: string, actor: Viewer): Promise<{ policy: string }> {
    const org = await this.requireAdmin(orgName, actor);
    return { policy: org.token_policy };
  }

  /**
   * Changes the policy. Switching to `admin_approval` leaves every fine-grained token that names the
   * org pending until an admin decides (tokens approved before stay approved).
   */
  async setPolicy(orgName: string, policy: TokenPolicy, actor: Viewer): Promise<{ policy: string }> {
    const org = await this.requireAdmin(orgName, actor);
    if (org.token_policy === policy) return { policy };
    const reaching = policy === "admin_approval" ? await this.reachingTokens(org) : [];
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("orgs").set({ token_policy: policy }).where("id", "=", org.id).execute();
      for (const row of reaching.filter((token) => token.fine_grained !== null))
        await trx
          .insertInto("org_token_access")
          .values({
            org_name: org.name,
            token_id: row.id,
            status: "pending",
            decided_by: null,
            updated_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(["org_name", "token_id"]).doNothing())
          .execute();
      await recordAuditEvent(trx, {
        type: "org.settings.security.token_policy",
        namespace: org.name,
        data: { org: org.name, policy, previous: org.token_policy },
      });
    });
    this.accounts.forgetResolvedTokens();
    return { policy };
  }

  /** The members' tokens that reach the org (fine-grained ones naming it, and classic ones), with their standing. */
  async list(orgName: string, actor: Viewer): Promise<OrgTokenEntry[]> {
    const org = await this.requireAdmin(orgName, actor);
    const rows = await this.reachingTokens(org);
    const standing = await this.db
      .selectFrom("org_token_access")
      .select(["token_id", "status"])
      .where("org_name", "=", org.name)
      .execute();
    const statusOf = new Map(standing.map((row) => [row.token_id, row.status]));
    return rows.map((row) => ({
      id: row.id,
      user: row.user_name,
      displayName: row.display_name,
      role: row.role,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
      status: statusOf.get(row.id) ?? this.undecided(org, row),
      ...(row.fine_grained
        ? { fineGrained: parseStoredFineGrained(row.fine_grained) as FineGrainedPermissions }
        : {}),
    }));
  }

  /** Approves, denies or revokes one token's access to the org (by its id). */
  async decide(
    orgName: string,
    tokenId: string,
    decision: TokenDecision,
    actor: Viewer,
  ): Promise<OrgTokenEntry> {
    const org = await this.requireAdmin(orgName, actor);
    const row = (await this.reachingTokens(org)).find((token) => token.id === tokenId);
    if (!row) throw notFound(`No token ${tokenId} reaches the organization ${org.name}`);
    if (decision !== "revoke" && row.fine_grained === null)
      throw forbidden("Only fine-grained tokens are approved or denied; a classic token can be revoked");
    await this.db.transaction().execute((trx) => this.record(trx, org, row, decision, actor));
    this.accounts.forgetResolvedTokens();
    const entry = (await this.list(org.name, actor)).find((token) => token.id === tokenId);
    if (!entry) throw notFound(`No token ${tokenId} reaches the organization ${org.name}`);
    return entry;
  }

  /** `POST …/settings/tokens/revoke {"token": "hf_…"}`: the token no longer reaches the org. */
  async revokeValue(orgName: string, value: string, actor: Viewer): Promise<{ revoked: string }> {
    const org = await this.requireAdmin(orgName, actor);
    const hash = hashToken(value);
    const row = (await this.reachingTokens(org)).find((token) => token.token_hash === hash);
    if (!row) throw notFound(`This token does not exist or does not reach the organization ${org.name}`);
    await this.db
      .transaction()
      .execute((trx) => this.record(trx, org, row, "revoke", actor, value.slice(-4)));
    this.accounts.forgetResolvedTokens();
    return { revoked: row.id };
  }

  private async record(
    trx: Transaction<Database>,
    org: OrgRow,
    row: TokenRow,
    decision: TokenDecision,
    actor: Viewer,
    last4?: string,
  ): Promise<void> {
    const status = STATUS_OF[decision];
    await trx
      .insertInto("org_token_access")
      .values({
        org_name: org.name,
        token_id: row.id,
        status,
        decided_by: actor.user ?? null,
        updated_at: nowIso(),
      })
      .onConflict((oc) =>
        oc
          .columns(["org_name", "token_id"])
          .doUpdateSet({ status, decided_by: actor.user ?? null, updated_at: nowIso() }),
      )
      .execute();
    await recordAuditEvent(trx, {
      type: EVENT_OF[decision],
      namespace: org.name,
      data: {
        org: org.name,
        user: row.user_name,
        tokenId: row.id,
        displayName: row.display_name,
        role: row.role,
        ...(last4 ? { last4 } : {}),
      },
    });
  }

  /** A token nobody decided on: pending under approval, refused when classic under a fine-grained policy. */
  private undecided(org: OrgRow, row: TokenRow): string {
    if (org.token_policy === "allow_all") return "active";
    if (row.fine_grained === null) return "refused";
    return org.token_policy === "admin_approval" ? "pending" : "active";
  }

  /** Tokens of the org's members: classic ones, and fine-grained ones whose scopes name the org or its repos. */
  private async reachingTokens(org: OrgRow): Promise<TokenRow[]> {
    const rows = await this.db
      .selectFrom("tokens")
      .innerJoin("memberships", "memberships.user_name", "tokens.user_name")
      .selectAll("tokens")
      .where("memberships.org_name", "=", org.name)
      .orderBy("tokens.created_at", "desc")
      .execute();
    return rows.filter(
      (row) =>
        row.fine_grained === null ||
        orgsReached(parseStoredFineGrained(row.fine_grained), row.user_name).includes(org.name.toLowerCase()),
    );
  }

  private requireAdmin(orgName: string, actor: Viewer): Promise<OrgRow> {
    return requireOrgAdmin(this.accounts, orgName, actor, "tokens");
  }
}
