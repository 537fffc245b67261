import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { badRequest, conflict, notFound } from "../domain/errors.js";
import type { Viewer } from "../domain/repo.js";
import { recordAuditEvent } from "../audit/record.js";
import { requireOrgAdmin } from "./org-admin.js";
import type { Accounts, OrgRow, TokenRow, UserRow } from "./accounts.js";
import { newId, nowIso } from "../domain/ids.js";
import { nameProblem } from "./names.js";
import type { OrgRole } from "./org-roles.js";
import type { FineGrained } from "./token-scope.js";

export interface ServiceAccountInfo {
  id: string;
  name: string;
  description: string;
  role: string;
  createdAt: string;
  createdBy: string | null;
}

/**
 * Service accounts: non-human members of an org that act through fine-grained tokens only. Each is a
 * user row (so its actions carry its own name everywhere, the audit log included) without a password
 * and without browser sign-in; org admins create, list and delete them and mint their tokens.
 */
export class ServiceAccounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
  ) {}

  async create(
    orgName: string,
    input: { name: string; description: string; role: OrgRole },
    actor: Viewer,
  ): Promise<ServiceAccountInfo> {
    const org = await this.requireAdmin(orgName, actor);
    const problem = nameProblem("namespace", input.name);
    if (problem) throw badRequest(problem);
    if (await this.accounts.namespaceTaken(input.name))
      throw conflict(`The name "${input.name}" is already taken`);
    const row: UserRow = {
      id: newId(),
      name: input.name,
      name_lower: input.name.toLowerCase(),
      fullname: input.name,
      email: null,
      password_hash: null,
      is_admin: 0,
      created_at: nowIso(),
      disabled: 0,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: 0,
      service_account_org: org.name,
      service_account_description: input.description,
      service_account_created_by: actor.user ?? null,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto("users").values(row).execute();
        await trx
          .insertInto("memberships")
          .values({ org_name: org.name, user_name: row.name, role: input.role, granted_by: null })
          .execute();
        await recordAuditEvent(trx, {
          type: "org.service_account_create",
          namespace: org.name,
          data: {
            org: org.name,
            user: row.name,
            userId: row.id,
            role: input.role,
            description: input.description,
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The name "${input.name}" is already taken`);
      throw error;
    }
    this.accounts.forgetResolvedTokens();
    return infoOf(row, input.role);
  }

  async list(orgName: string, actor: Viewer): Promise<ServiceAccountInfo[]> {
    const org = await this.requireAdmin(orgName, actor);
    const rows = await this.db
      .selectFrom("users")
      .innerJoin("memberships", (join) =>
        join.onRef("memberships.user_name", "=", "users.name").on("memberships.org_name", "=", org.name),
      )
      .selectAll("users")
      .select("memberships.role as role")
      .where("users.service_account_org", "=", org.name)
      .where("users.disabled", "=", 0)
      .orderBy("users.name")
      .execute();
    return rows.map((row) => infoOf(row, row.role));
  }

  /** Deletes its tokens and membership and switches the account off (its name stays taken). */
  async remove(orgName: string, id: string, actor: Viewer): Promise<{ deleted: string }> {
    const org = await this.requireAdmin(orgName, actor);
    const account = await this.find(org, id);
    await this.db.transaction().execute(async (trx) => {
      const tokens = await trx.deleteFrom("tokens").where("user_name", "=", account.name).executeTakeFirst();
      await trx.deleteFrom("memberships").where("user_name", "=", account.name).execute();
      await trx.updateTable("users").set({ disabled: 1 }).where("id", "=", account.id).execute();
      await recordAuditEvent(trx, {
        type: "org.service_account_delete",
        namespace: org.name,
        data: {
          org: org.name,
          user: account.name,
          userId: account.id,
          tokensDeleted: Number(tokens.numDeletedRows),
        },
      });
    });
    this.accounts.forgetResolvedTokens();
    return { deleted: account.id };
  }

  /** The service account and the admin's right to mint its tokens (the caller resolves the permissions). */
  async forMinting(orgName: string, id: string, actor: Viewer): Promise<{ org: OrgRow; account: UserRow }> {
    const org = await this.requireAdmin(orgName, actor);
    return { org, account: await this.find(org, id) };
  }

  mintToken(
    account: UserRow,
    input: { displayName: string; fineGrained: FineGrained; expiresAt?: string },
  ): Promise<{ token: string; row: TokenRow }> {
    return this.accounts.createToken(account.name, { role: "read", ...input });
  }

  private async find(org: OrgRow, id: string): Promise<UserRow> {
    const account = await this.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", id)
      .where("service_account_org", "=", org.name)
      .where("disabled", "=", 0)
      .executeTakeFirst();
    if (!account) throw notFound(`Service account ${id} not found in ${org.name}`);
    return account;
  }

  private requireAdmin(orgName: string, actor: Viewer): Promise<OrgRow> {
    return requireOrgAdmin(this.accounts, orgName, actor, "service accounts");
  }
}

function infoOf(row: UserRow, role: string): ServiceAccountInfo {
  return {
    id: row.id,
    name: row.name,
    description: row.service_account_description ?? "",
    role,
    createdAt: row.created_at,
    createdBy: row.service_account_created_by,
  };
}
