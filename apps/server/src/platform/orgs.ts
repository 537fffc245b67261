import type { OrgMember, OrgOverview, UserOverview } from "@modelhub/api-types";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { KeyedMutex } from "../content/git/keyed-mutex.js";
import type { Accounts, OrgRow } from "./accounts.js";
import { conflict, forbidden, notFound } from "../domain/errors.js";
import type { Viewer } from "../domain/repo.js";
import { ORG_ROLES, type OrgRole } from "./org-roles.js";
import { recordAuditEvent } from "../audit/record.js";

/** Roles are stored only through `parseOrgRole`; anything else reads as the least one. */
function storedOrgRole(value: string): OrgRole {
  return ORG_ROLES.find((known) => known === value) ?? "read";
}

/**
 * Organisation creation and membership management. `actor` is the signed-in viewer for HTTP calls;
 * operator commands pass none and skip the permission checks.
 */
export class OrgMembers {
  /** Member changes of one org run one at a time, so two admins cannot demote each other at once. */
  private readonly memberChanges = new KeyedMutex();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
  ) {}

  async create(input: { name: string; fullname?: string; creator?: string }): Promise<OrgRow> {
    return this.accounts.createOrg({
      name: input.name,
      fullname: input.fullname,
      members: input.creator ? [input.creator] : [],
    });
  }

  async overview(org: string): Promise<OrgOverview> {
    const row = await this.requireOrg(org);
    const counted = await this.db
      .selectFrom("memberships")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
      .where("org_name", "=", row.name)
      .executeTakeFirst();
    return {
      _id: row.id,
      type: "org",
      name: row.name,
      fullname: row.fullname,
      createdAt: row.created_at,
      numUsers: Number(counted?.count ?? 0),
      privateReposByDefault: row.private_repos_default === 1,
    };
  }

  /** Org settings (admins only): whether new repos without an explicit visibility are private. */
  async setPrivateByDefault(org: string, value: boolean, actor: Viewer): Promise<OrgOverview> {
    const row = await this.requireOrg(org);
    await this.requireManager(row.name, actor);
    const stored = value ? 1 : 0;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("orgs")
        .set({ private_repos_default: stored })
        .where("id", "=", row.id)
        .where("private_repos_default", "!=", stored)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0)
        await recordAuditEvent(trx, {
          type: "org.settings.security.repo_visibility",
          namespace: row.name,
          data: { org: row.name, privateReposByDefault: value, previous: !value },
        });
    });
    return this.overview(row.name);
  }

  /** A user's public profile: name, full name and the organisations they belong to. */
  async userOverview(user: string): Promise<UserOverview> {
    const row = await this.accounts.findUser(user);
    if (!row) throw notFound(`User ${user} not found`);
    const orgs = await this.accounts.orgsOf(row.name);
    return {
      _id: row.id,
      type: "user",
      user: row.name,
      fullname: row.fullname,
      createdAt: row.created_at,
      orgs: orgs.map((org) => ({ name: org.name, fullname: org.fullname })),
    };
  }

  async list(org: string): Promise<OrgMember[]> {
    const row = await this.requireOrg(org);
    const rows = await this.db
      .selectFrom("memberships")
      .select(["user_name", "role"])
      .where("org_name", "=", row.name)
      .orderBy("user_name")
      .execute();
    return rows.map((member) => ({ user: member.user_name, role: storedOrgRole(member.role) }));
  }

  async setRole(org: string, user: string, role: OrgRole, actor?: Viewer): Promise<OrgMember> {
    return this.memberChanges.run(org.toLowerCase(), () => this.setRoleNow(org, user, role, actor));
  }

  private async setRoleNow(org: string, user: string, role: OrgRole, actor?: Viewer): Promise<OrgMember> {
    const orgRow = await this.requireOrg(org);
    await this.requireManager(orgRow.name, actor);
    const userRow = await this.accounts.findUser(user);
    if (!userRow) throw notFound(`User ${user} not found`);
    if (role !== "admin") await this.keepAnAdmin(orgRow.name, userRow.name);
    await this.accounts.addMember(orgRow.name, userRow.name, role);
    return { user: userRow.name, role };
  }

  /** Changes the role of someone who is already a member (404 for anyone else). */
  async changeRole(org: string, user: string, role: OrgRole, actor?: Viewer): Promise<OrgMember> {
    return this.memberChanges.run(org.toLowerCase(), () => this.changeRoleNow(org, user, role, actor));
  }

  private async changeRoleNow(org: string, user: string, role: OrgRole, actor?: Viewer): Promise<OrgMember> {
    const orgRow = await this.requireOrg(org);
    await this.requireManager(orgRow.name, actor);
    const member = await this.membership(orgRow.name, user);
    if (!member) {
      const known = await this.accounts.findUser(user);
      throw notFound(known ? `${known.name} is not a member of ${orgRow.name}` : `User ${user} not found`);
    }
    if (role !== "admin") await this.keepAnAdmin(orgRow.name, member.user_name);
    await this.accounts.addMember(orgRow.name, member.user_name, role);
    return { user: member.user_name, role };
  }

  async remove(org: string, user: string, actor?: Viewer): Promise<void> {
    return this.memberChanges.run(org.toLowerCase(), () => this.removeNow(org, user, actor));
  }

  private async removeNow(org: string, user: string, actor?: Viewer): Promise<void> {
    const orgRow = await this.requireOrg(org);
    await this.requireManager(orgRow.name, actor);
    const member = await this.membership(orgRow.name, user);
    if (!member) throw notFound(`${user} is not a member of ${orgRow.name}`);
    await this.keepAnAdmin(orgRow.name, member.user_name);
    await this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("memberships")
        .where("org_name", "=", orgRow.name)
        .where("user_name", "=", member.user_name)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0)
        await recordAuditEvent(trx, {
          type: "org.remove_user",
          namespace: orgRow.name,
          data: { org: orgRow.name, user: member.user_name, role: member.role },
        });
    });
    this.accounts.forgetResolvedTokens();
  }

  private async requireOrg(name: string): Promise<OrgRow> {
    const row = await this.accounts.findOrg(name);
    if (!row) throw notFound(`Organization ${name} not found`);
    return row;
  }

  /** Org admins and hub admins manage members, and only with a write token. */
  private async requireManager(org: string, actor: Viewer | undefined): Promise<void> {
    if (!actor) return;
    if (actor.role !== "write") throw forbidden("Managing members needs a write token");
    if (actor.isAdmin) return;
    const own = actor.user ? await this.membership(org, actor.user) : undefined;
    if (own?.role !== "admin") throw forbidden(`Only admins of ${org} can manage its members`);
  }

  /** Refuses a change that would take away the org's last admin (`user` is losing the admin role). */
  private async keepAnAdmin(org: string, user: string): Promise<void> {
    const admins = await this.db
      .selectFrom("memberships")
      .select("user_name")
      .where("org_name", "=", org)
      .where("role", "=", "admin")
      .execute();
    const others = admins.filter((admin) => admin.user_name !== user);
    if (admins.length > 0 && others.length === 0) throw conflict(`${org} must keep at least one admin`);
  }

  private membership(org: string, user: string) {
    return this.db
      .selectFrom("memberships")
      .selectAll()
      .where("org_name", "=", org)
      .where((eb) => eb(eb.fn("lower", ["user_name"]), "=", user.toLowerCase()))
      .executeTakeFirst();
  }
}
