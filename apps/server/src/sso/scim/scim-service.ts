import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Accounts, OrgRow, UserRow } from "../../platform/accounts.js";
import { newId, nowIso } from "../../domain/ids.js";
import { higherRole, type OrgRole } from "../../platform/org-roles.js";
import type { SecurityEvents } from "../../platform/security-events.js";
import type { IdentityRow } from "../identities.js";
import { groupKeys } from "../group-roles.js";
import type { OrgSsoStore } from "../org-sso-settings.js";
import type { GroupRoleRule } from "../settings.js";
import { hubNameFrom, uniqueHubName } from "../usernames.js";
import { applyPatch, compileScimFilter, type ScimObject } from "./patch.js";
import { ScimError } from "./scim-error.js";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

/** Memberships SCIM made carry this mark. */
export const SCIM_GRANT = "scim";
const MAX_PAGE = 500;

export interface ScimList {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: ScimObject[];
}

function provider(org: string): string {
  return `scim:${org.toLowerCase()}`;
}

/** Azure AD has sent `"active": "False"` as a string. */
function activeOf(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && ["true", "false"].includes(value.toLowerCase()))
    return value.toLowerCase() === "true";
  throw new ScimError(400, `"active" must be true or false`, "invalidValue");
}

function stringField(doc: ScimObject, key: string): string | undefined {
  const value = doc[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function primaryEmail(doc: ScimObject): string | undefined {
  const emails = Array.isArray(doc.emails) ? (doc.emails as ScimObject[]) : [];
  const chosen = emails.find((e) => e?.primary === true || e?.primary === "true") ?? emails[0];
  return chosen && typeof chosen.value === "string" && chosen.value.includes("@") ? chosen.value : undefined;
}

function fullnameOf(doc: ScimObject): string | undefined {
  const name = (doc.name ?? {}) as ScimObject;
  return (
    stringField(name, "formatted") ??
    ([stringField(name, "givenName"), stringField(name, "familyName")].filter(Boolean).join(" ") ||
      undefined) ??
    stringField(doc, "displayName")
  );
}

/** The parts of a user document the hub keeps (SCIM-managed; `id`, `meta`, `groups` are the hub's). */
function storedUserDoc(doc: ScimObject): ScimObject {
  const { id: _id, meta: _meta, groups: _groups, password: _password, active: _active, ...rest } = doc;
  return rest;
}

/**
 * SCIM 2.0 (RFC 7643/7644) for one org at a time: Users become hub accounts (an IdP `userName` made a
 * valid hub name), linked through a `scim:<org>` identity, with the org as their membership; `active:
 * false` switches the account off at once (sessions end, tokens stop). Groups map to org roles through
 * the org's (and the site's) group → role mappings.
 */
export class ScimService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
    private readonly orgSso: OrgSsoStore,
    private readonly events: SecurityEvents,
    private readonly siteRules: readonly GroupRoleRule[],
    private readonly onDisabled: () => void = () => undefined,
  ) {}

  // ---- users -------------------------------------------------------------------------------------

  private identities(org: OrgRow): Promise<IdentityRow[]> {
    return this.db
      .selectFrom("external_identities")
      .selectAll()
      .where("provider", "=", provider(org.name))
      .orderBy("created_at")
      .execute();
  }

  private async identity(org: OrgRow, id: string): Promise<IdentityRow> {
    const row = await this.db
      .selectFrom("external_identities")
      .selectAll()
      .where("provider", "=", provider(org.name))
      .where("user_id", "=", id)
      .executeTakeFirst();
    if (!row) throw new ScimError(404, `User ${id} not found`);
    return row;
  }

  private async userResource(
    org: OrgRow,
    identity: IdentityRow,
    base: string,
    user?: UserRow,
  ): Promise<ScimObject> {
    const account = user ?? (await this.accounts.findUserById(identity.user_id));
    if (!account) throw new ScimError(404, `User ${identity.user_id} not found`);
    const doc = JSON.parse(identity.attributes) as ScimObject;
    const groups = (await this.groupRows(org)).filter((g) =>
      (JSON.parse(g.members) as string[]).includes(account.id),
    );
    const schemas = [USER_SCHEMA, ...(doc[ENTERPRISE_SCHEMA] ? [ENTERPRISE_SCHEMA] : [])];
    return {
      ...doc,
      schemas,
      id: account.id,
      userName: identity.username ?? account.name,
      active: account.disabled !== 1,
      groups: groups.map((g) => ({ value: g.id, display: g.display_name, $ref: `${base}/Groups/${g.id}` })),
      meta: {
        resourceType: "User",
        created: identity.created_at,
        lastModified: identity.last_seen_at,
        location: `${base}/Users/${account.id}`,
      },
    };
  }

  async listUsers(
    org: OrgRow,
    base: string,
    query: { filter?: string; startIndex?: number; count?: number },
  ): Promise<ScimList> {
    const test = query.filter ? compileScimFilter(query.filter) : () => true;
    const all: ScimObject[] = [];
    for (const identity of await this.identities(org)) {
      const resource = await this.userResource(org, identity, base).catch(() => undefined);
      if (resource && test(resource)) all.push(resource);
    }
    return page(all, query);
  }

  async getUser(org: OrgRow, base: string, id: string): Promise<ScimObject> {
    return this.userResource(org, await this.identity(org, id), base);
  }

  async createUser(org: OrgRow, base: string, body: ScimObject): Promise<ScimObject> {
    const userName = this.requireUserName(body);
    await this.requireUniqueUserName(org, userName);
    const active = activeOf(body.active);
    const email = primaryEmail(body);
    const linked = await this.linkableAccount(org, userName, email);
    const user =
      linked ??
      (await this.accounts.createUser({
        name: await uniqueHubName(hubNameFrom(userName), (n) => this.accounts.namespaceTaken(n)),
        fullname: fullnameOf(body) ?? userName,
        email,
      }));
    const now = nowIso();
    await this.db
      .insertInto("external_identities")
      .values({
        id: newId(),
        provider: provider(org.name),
        subject: user.id,
        user_id: user.id,
        username: userName,
        email: email ?? null,
        groups: "[]",
        attributes: JSON.stringify(storedUserDoc(body)),
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    if (linked)
      this.events.record({
        type: "identity-linked",
        user: user.name,
        provider: `scim:${org.name}`,
        via: "scim",
      });
    else this.events.record({ type: "account-created", user: user.name, via: `scim:${org.name}` });
    if (linked)
      await this.accounts.setProfile(user.name, { fullname: fullnameOf(body), ...(email ? { email } : {}) });
    if (!(await this.membership(org, user.name)))
      await this.accounts.addMember(org.name, user.name, "read", SCIM_GRANT);
    if (!active) await this.setActive(org, user, false);
    this.events.record({ type: "scim-change", org: org.name, user: user.name, change: "user created" });
    return this.getUser(org, base, user.id);
  }

  async replaceUser(org: OrgRow, base: string, id: string, body: ScimObject): Promise<ScimObject> {
    const identity = await this.identity(org, id);
    return this.saveUser(org, base, identity, body);
  }

  async patchUser(org: OrgRow, base: string, id: string, body: unknown): Promise<ScimObject> {
    const identity = await this.identity(org, id);
    const current = await this.userResource(org, identity, base);
    return this.saveUser(org, base, identity, applyPatch(current, body));
  }

  async deleteUser(org: OrgRow, id: string): Promise<void> {
    const identity = await this.identity(org, id);
    const user = await this.accounts.findUserById(identity.user_id);
    await this.db.deleteFrom("external_identities").where("id", "=", identity.id).execute();
    for (const group of await this.groupRows(org)) {
      const members = (JSON.parse(group.members) as string[]).filter((m) => m !== id);
      await this.db
        .updateTable("scim_groups")
        .set({ members: JSON.stringify(members) })
        .where("id", "=", group.id)
        .execute();
    }
    if (!user) return;
    await this.setActive(org, user, false);
    const member = await this.membership(org, user.name);
    if (member && !(member.role === "admin" && (await this.lastAdmin(org, user.name))))
      await this.db
        .deleteFrom("memberships")
        .where("org_name", "=", org.name)
        .where("user_name", "=", user.name)
        .execute();
    this.accounts.forgetResolvedTokens();
    this.events.record({ type: "scim-change", org: org.name, user: user.name, change: "user deleted" });
  }

  private async saveUser(
    org: OrgRow,
    base: string,
    identity: IdentityRow,
    doc: ScimObject,
  ): Promise<ScimObject> {
    const userName = this.requireUserName(doc);
    await this.requireUniqueUserName(org, userName, identity.id);
    const active = activeOf(doc.active);
    const email = primaryEmail(doc);
    const user = await this.accounts.findUserById(identity.user_id);
    if (!user) throw new ScimError(404, `User ${identity.user_id} not found`);
    await this.db
      .updateTable("external_identities")
      .set({
        username: userName,
        email: email ?? null,
        attributes: JSON.stringify(storedUserDoc(doc)),
        last_seen_at: nowIso(),
      })
      .where("id", "=", identity.id)
      .execute();
    await this.accounts.setProfile(user.name, { fullname: fullnameOf(doc), ...(email ? { email } : {}) });
    if (active !== (user.disabled !== 1)) await this.setActive(org, user, active);
    this.events.record({ type: "scim-change", org: org.name, user: user.name, change: "user updated" });
    return this.getUser(org, base, user.id);
  }

  private async setActive(org: OrgRow, user: UserRow, active: boolean): Promise<void> {
    await this.accounts.setDisabled(user.name, !active, "scim");
    if (!active) this.onDisabled();
    this.events.record({
      type: active ? "account-enabled" : "account-disabled",
      user: user.name,
      by: `scim:${org.name}`,
    });
  }

  private requireUserName(doc: ScimObject): string {
    const userName = stringField(doc, "userName");
    if (!userName) throw new ScimError(400, "userName is required", "invalidValue");
    if (userName.length > 256)
      throw new ScimError(400, "userName is longer than 256 characters", "invalidValue");
    return userName;
  }

  private async requireUniqueUserName(org: OrgRow, userName: string, exceptId?: string): Promise<void> {
    const clash = (await this.identities(org)).find(
      (row) => row.id !== exceptId && (row.username ?? "").toLowerCase() === userName.toLowerCase(),
    );
    if (clash) throw new ScimError(409, `A user with userName "${userName}" already exists`, "uniqueness");
  }

  /**
   * An account of someone who already signed in through company sign-in and is a member of this org,
   * whose provider user name or e-mail is this SCIM userName or e-mail: SCIM takes it over instead of
   * making a second account. Accounts outside the org are never claimed.
   */
  private async linkableAccount(
    org: OrgRow,
    userName: string,
    email: string | undefined,
  ): Promise<UserRow | undefined> {
    const keys = [userName, email].filter((v): v is string => !!v).map((v) => v.toLowerCase());
    const candidates = await this.db
      .selectFrom("external_identities")
      .select(["user_id", "provider"])
      .where("provider", "in", ["oidc", "saml", "ldap"])
      .where((eb) =>
        eb.or([eb(eb.fn("lower", ["username"]), "in", keys), eb(eb.fn("lower", ["email"]), "in", keys)]),
      )
      .execute();
    for (const candidate of candidates) {
      const user = await this.accounts.findUserById(candidate.user_id);
      if (!user || !(await this.membership(org, user.name))) continue;
      const taken = await this.db
        .selectFrom("external_identities")
        .select("id")
        .where("provider", "=", provider(org.name))
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      if (!taken) return user;
    }
    return undefined;
  }

  private membership(org: OrgRow, user: string) {
    return this.db
      .selectFrom("memberships")
      .selectAll()
      .where("org_name", "=", org.name)
      .where("user_name", "=", user)
      .executeTakeFirst();
  }

  private async lastAdmin(org: OrgRow, user: string): Promise<boolean> {
    const admins = await this.db
      .selectFrom("memberships")
      .select("user_name")
      .where("org_name", "=", org.name)
      .where("role", "=", "admin")
      .execute();
    return admins.length > 0 && admins.every((a) => a.user_name === user);
  }

  // ---- groups ------------------------------------------------------------------------------------

  private groupRows(org: OrgRow) {
    return this.db
      .selectFrom("scim_groups")
      .selectAll()
      .where("org_name", "=", org.name)
      .orderBy("created_at")
      .execute();
  }

  private async groupRow(org: OrgRow, id: string) {
    const row = await this.db
      .selectFrom("scim_groups")
      .selectAll()
      .where("org_name", "=", org.name)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new ScimError(404, `Group ${id} not found`);
    return row;
  }

  private async groupResource(
    row: Awaited<ReturnType<ScimService["groupRow"]>>,
    base: string,
  ): Promise<ScimObject> {
    const members: ScimObject[] = [];
    for (const id of JSON.parse(row.members) as string[]) {
      const user = await this.accounts.findUserById(id);
      if (user) members.push({ value: id, display: user.name, $ref: `${base}/Users/${id}` });
    }
    return {
      schemas: [GROUP_SCHEMA],
      id: row.id,
      displayName: row.display_name,
      ...(row.external_id ? { externalId: row.external_id } : {}),
      members,
      meta: {
        resourceType: "Group",
        created: row.created_at,
        lastModified: row.updated_at,
        location: `${base}/Groups/${row.id}`,
      },
    };
  }

  async listGroups(
    org: OrgRow,
    base: string,
    query: { filter?: string; startIndex?: number; count?: number; excludedAttributes?: string },
  ): Promise<ScimList> {
    const test = query.filter ? compileScimFilter(query.filter) : () => true;
    const all: ScimObject[] = [];
    for (const row of await this.groupRows(org)) {
      const resource = await this.groupResource(row, base);
      if (!test(resource)) continue;
      if (
        query.excludedAttributes
          ?.split(",")
          .map((a) => a.trim())
          .includes("members")
      )
        delete resource.members;
      all.push(resource);
    }
    return page(all, query);
  }

  async getGroup(org: OrgRow, base: string, id: string): Promise<ScimObject> {
    return this.groupResource(await this.groupRow(org, id), base);
  }

  async createGroup(org: OrgRow, base: string, body: ScimObject): Promise<ScimObject> {
    const displayName = stringField(body, "displayName");
    if (!displayName) throw new ScimError(400, "displayName is required", "invalidValue");
    if ((await this.groupRows(org)).some((g) => g.display_name.toLowerCase() === displayName.toLowerCase()))
      throw new ScimError(409, `A group named "${displayName}" already exists`, "uniqueness");
    const members = await this.memberIds(org, body.members);
    const now = nowIso();
    const id = newId();
    await this.db
      .insertInto("scim_groups")
      .values({
        id,
        org_name: org.name,
        display_name: displayName,
        external_id: stringField(body, "externalId") ?? null,
        members: JSON.stringify(members),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await this.resyncRoles(org, members);
    this.events.record({ type: "scim-change", org: org.name, change: `group ${displayName} created` });
    return this.getGroup(org, base, id);
  }

  async replaceGroup(org: OrgRow, base: string, id: string, body: ScimObject): Promise<ScimObject> {
    return this.saveGroup(org, base, await this.groupRow(org, id), body);
  }

  async patchGroup(org: OrgRow, base: string, id: string, body: unknown): Promise<ScimObject> {
    const row = await this.groupRow(org, id);
    const current = await this.groupResource(row, base);
    return this.saveGroup(org, base, row, applyPatch(current, body));
  }

  async deleteGroup(org: OrgRow, id: string): Promise<void> {
    const row = await this.groupRow(org, id);
    await this.db.deleteFrom("scim_groups").where("id", "=", row.id).execute();
    await this.resyncRoles(org, JSON.parse(row.members) as string[]);
    this.events.record({ type: "scim-change", org: org.name, change: `group ${row.display_name} deleted` });
  }

  private async saveGroup(
    org: OrgRow,
    base: string,
    row: Awaited<ReturnType<ScimService["groupRow"]>>,
    doc: ScimObject,
  ): Promise<ScimObject> {
    const displayName = stringField(doc, "displayName");
    if (!displayName) throw new ScimError(400, "displayName is required", "invalidValue");
    const members = await this.memberIds(org, doc.members);
    const before = JSON.parse(row.members) as string[];
    await this.db
      .updateTable("scim_groups")
      .set({
        display_name: displayName,
        external_id: stringField(doc, "externalId") ?? row.external_id,
        members: JSON.stringify(members),
        updated_at: nowIso(),
      })
      .where("id", "=", row.id)
      .execute();
    await this.resyncRoles(org, [...new Set([...before, ...members])]);
    this.events.record({ type: "scim-change", org: org.name, change: `group ${displayName} updated` });
    return this.getGroup(org, base, row.id);
  }

  /** Member references must name users SCIM manages in this org. */
  private async memberIds(org: OrgRow, members: unknown): Promise<string[]> {
    if (members === undefined || members === null) return [];
    if (!Array.isArray(members)) throw new ScimError(400, "members must be a list", "invalidValue");
    const known = new Set((await this.identities(org)).map((row) => row.user_id));
    const ids: string[] = [];
    for (const member of members) {
      const id = member && typeof member === "object" ? (member as ScimObject).value : undefined;
      if (typeof id !== "string")
        throw new ScimError(400, "Each member needs a value (a user id)", "invalidValue");
      if (!known.has(id))
        throw new ScimError(400, `Member ${id} is no user of this org's SCIM`, "invalidValue");
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /**
   * Each given user's role in the org becomes the most privileged role its SCIM groups map to (`read`
   * when none). Only memberships SCIM or a mapping made change; the last admin is never demoted.
   */
  private async resyncRoles(org: OrgRow, userIds: string[]): Promise<void> {
    const groups = await this.groupRows(org);
    const settings = await this.orgSso.get(org.name);
    const rules = [
      ...this.siteRules.filter((r) => r.org.toLowerCase() === org.name.toLowerCase()),
      ...settings.mappings.map((m) => ({ ...m, org: org.name })),
    ];
    for (const id of userIds) {
      const user = await this.accounts.findUserById(id);
      if (!user) continue;
      const names = groupKeys(
        groups.filter((g) => (JSON.parse(g.members) as string[]).includes(id)).map((g) => g.display_name),
      );
      let role: OrgRole = "read";
      for (const rule of rules) if (names.has(rule.group.toLowerCase())) role = higherRole(role, rule.role);
      const member = await this.membership(org, user.name);
      if (member && member.granted_by === null) continue;
      if (member?.role === role) continue;
      if (member?.role === "admin" && role !== "admin" && (await this.lastAdmin(org, user.name))) continue;
      await this.accounts.addMember(org.name, user.name, role, SCIM_GRANT);
      this.events.record({ type: "org-role-synced", user: user.name, org: org.name, role, via: "scim" });
    }
  }
}

function page(all: ScimObject[], query: { startIndex?: number; count?: number }): ScimList {
  const startIndex = Math.max(1, Math.floor(query.startIndex ?? 1));
  const count = Math.min(MAX_PAGE, Math.max(0, Math.floor(query.count ?? MAX_PAGE)));
  const slice = all.slice(startIndex - 1, startIndex - 1 + count);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: all.length,
    startIndex,
    itemsPerPage: slice.length,
    Resources: slice,
  };
}
