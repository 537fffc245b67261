import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, ScimTokenTable } from "../../db/schema.js";
import { newId, nowIso } from "../../domain/ids.js";
import { hashToken, tokenPrefix } from "../../platform/tokens.js";
import { recordAuditEvent } from "../../audit/record.js";

export type ScimTokenRow = Selectable<ScimTokenTable>;

/** Bearer tokens an org's identity provider uses for SCIM; each works only for its own org. */
export class ScimTokens {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    org: string,
    createdBy: string,
    displayName: string,
  ): Promise<{ token: string; row: ScimTokenRow }> {
    const token = `scim_${randomBytes(30).toString("base64url")}`;
    const row: ScimTokenRow = {
      id: newId(),
      org_name: org,
      token_hash: hashToken(token),
      token_prefix: tokenPrefix(token),
      display_name: displayName,
      created_by: createdBy,
      created_at: nowIso(),
      last_used_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("scim_tokens").values(row).execute();
      await recordAuditEvent(trx, {
        type: "org.scim_token_create",
        namespace: org,
        data: { org, tokenId: row.id, displayName, prefix: row.token_prefix },
      });
    });
    return { token, row };
  }

  list(org: string): Promise<ScimTokenRow[]> {
    return this.db
      .selectFrom("scim_tokens")
      .selectAll()
      .where("org_name", "=", org)
      .orderBy("created_at", "desc")
      .execute();
  }

  async revoke(org: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("scim_tokens")
        .select(["display_name", "token_prefix"])
        .where("org_name", "=", org)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom("scim_tokens").where("org_name", "=", org).where("id", "=", id).execute();
      await recordAuditEvent(trx, {
        type: "org.scim_token_delete",
        namespace: org,
        data: { org, tokenId: id, displayName: row.display_name, prefix: row.token_prefix },
      });
      return true;
    });
  }

  /** The token's row when it is a SCIM token of `org`, else undefined; records its use. */
  async check(org: string, token: string): Promise<ScimTokenRow | undefined> {
    const row = await this.db
      .selectFrom("scim_tokens")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (!row || row.org_name.toLowerCase() !== org.toLowerCase()) return undefined;
    const now = Date.now();
    if (!row.last_used_at || now - Date.parse(row.last_used_at) > 60_000)
      await this.db
        .updateTable("scim_tokens")
        .set({ last_used_at: new Date(now).toISOString() })
        .where("id", "=", row.id)
        .execute();
    return row;
  }
}
