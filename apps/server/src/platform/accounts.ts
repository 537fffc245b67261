import type { Kysely, Selectable } from "kysely";
import type { Database, OrgTable, TokenTable, UserTable } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { newId, nowIso } from "../domain/ids.js";
import { nameProblem } from "./names.js";
import { WRITING_ROLES } from "./org-roles.js";
import type { MemberViewer } from "./access-rules.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { generateToken, hashToken, tokenPrefix } from "./tokens.js";
import { orgsReached, parseStoredFineGrained, type FineGrained } from "./token-scope.js";
import { orgBlocksOf, pendingOrgsOnCreate, type OrgTokenStanding } from "./org-token-policy.js";
import { badRequest, conflict, notFound } from "../domain/errors.js";
import { recordAuditEvent } from "../audit/record.js";

/** How long a resolved token is trusted without asking the database again. */
const TOKEN_CACHE_MS = 5_000;
const TOKEN_CACHE_ENTRIES = 10_000;

export type UserRow = Selectable<UserTable>;
export type OrgRow = Selectable<OrgTable>;
export type TokenRow = Selectable<TokenTable>;
export type TokenRole = "read" | "write";

export interface NewUser {
  name: string;
  fullname?: string;
  email?: string;
  password?: string;
  isAdmin?: boolean;
}

/** Whether a change records its audit event (on by default; the demo import passes false). */
export interface AuditOption {
  audit?: boolean;
}

export interface ResolvedToken {
  user: UserRow;
  token: TokenRow;
  orgs: string[];
  /** Orgs where the user's role allows pushing (admin, write). */
  writeOrgs: string[];
  /** Orgs where the user is a contributor (writes only to repos it created). */
  contributorOrgs: string[];
  /** Orgs (lower case) this token may not reach, with the reason (see org-token-policy.ts). */
  orgBlocks: Record<string, string>;
}

interface Memberships {
  orgs: string[];
  writeOrgs: string[];
  contributorOrgs: string[];
  /** Orgs whose members must use 2FA or company sign-in in the browser. */
  secondFactorOrgs: string[];
  /** Each org's token policy, by org name. */
  tokenPolicies: Record<string, string>;
}

/** Users, organisations, memberships and access tokens. */
export class Accounts {
  /**
   * Resolved tokens, kept briefly: a token is checked on every API call, and three queries per call
   * are most of what the inference gateway adds. Every account write here forgets them all at once,
   * so a revoked token or a changed membership counts at once in this process (another hub process on
   * the same database sees it within the TTL).
   */
  private readonly resolvedTokens = new Map<string, { value: ResolvedToken; expires: number }>();
  /** Bumped by every forget, so a resolution that raced a write is not cached. */
  private tokenGeneration = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Drops every cached token resolution (after a write to users, tokens or memberships). */
  forgetResolvedTokens(): void {
    this.tokenGeneration++;
    this.resolvedTokens.clear();
  }

  /** `allowReserved` is for the hub's own accounts (the site admin of MODELHUB_ADMIN_TOKEN). */
  async createUser(
    input: NewUser,
    options: { allowReserved?: boolean } & AuditOption = {},
  ): Promise<UserRow> {
    this.checkName(input.name, options.allowReserved);
    if (await this.namespaceTaken(input.name)) throw conflict(`The name "${input.name}" is already taken`);
    const row: UserRow = {
      id: newId(),
      name: input.name,
      name_lower: input.name.toLowerCase(),
      fullname: input.fullname ?? input.name,
      email: input.email ?? null,
      password_hash: input.password ? await hashPassword(input.password) : null,
      is_admin: input.isAdmin ? 1 : 0,
      created_at: nowIso(),
      disabled: 0,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: 0,
      service_account_org: null,
      service_account_description: null,
      service_account_created_by: null,
    };
    await this.insertNamed(
      () =>
        this.db.transaction().execute(async (trx) => {
          await trx.insertInto("users").values(row).execute();
          if (options.audit !== false)
            await recordAuditEvent(trx, {
              type: "user.create",
              namespace: row.name,
              data: {
                user: row.name,
                userId: row.id,
                siteAdmin: row.is_admin === 1,
                hasPassword: row.password_hash !== null,
              },
            });
        }),
      input.name,
    );
    return row;
  }

  /** Returns the user, creating it when missing. */
  async ensureUser(input: NewUser, options: AuditOption = {}): Promise<UserRow> {
    return (await this.findUser(input.name)) ?? this.createUser(input, options);
  }

  async createOrg(
    input: { name: string; fullname?: string; members?: string[] },
    options: AuditOption = {},
  ): Promise<OrgRow> {
    this.checkName(input.name);
    if (await this.namespaceTaken(input.name)) throw conflict(`The name "${input.name}" is already taken`);
    const members: UserRow[] = [];
    for (const name of input.members ?? []) {
      const user = await this.findUser(name);
      if (!user) throw notFound(`User ${name} not found`);
      members.push(user);
    }
    const row: OrgRow = {
      id: newId(),
      name: input.name,
      name_lower: input.name.toLowerCase(),
      fullname: input.fullname ?? input.name,
      created_at: nowIso(),
      private_repos_default: 0,
      require_2fa: 0,
      sso_groups_attribute: null,
      token_policy: "allow_all",
    };
    // the org and its first admins in one change, one event (their joining is part of it)
    await this.insertNamed(
      () =>
        this.db.transaction().execute(async (trx) => {
          await trx.insertInto("orgs").values(row).execute();
          for (const member of members)
            await trx
              .insertInto("memberships")
              .values({ org_name: row.name, user_name: member.name, role: "admin" })
              .onConflict((oc) => oc.columns(["org_name", "user_name"]).doNothing())
              .execute();
          if (options.audit !== false)
            await recordAuditEvent(trx, {
              type: "org.create",
              namespace: row.name,
              data: {
                org: row.name,
                orgId: row.id,
                fullname: row.fullname,
                admins: [...new Set(members.map((member) => member.name))],
              },
            });
        }),
      input.name,
    );
    if (members.length > 0) this.forgetResolvedTokens();
    return row;
  }

  /**
   * Adds a member or changes their role (`org.add_user` or `org.change_role`; nothing when unchanged).
   * `grantedBy` marks a membership a group mapping (`sso`) or SCIM made, which company sign-in may take
   * away again; an admin's change (none) makes it their own.
   */
  async addMember(
    org: string,
    user: string,
    role: string,
    grantedBy: string | null = null,
    options: AuditOption = {},
  ): Promise<void> {
    const [orgRow, userRow] = await Promise.all([this.findOrg(org), this.findUser(user)]);
    if (!orgRow) throw notFound(`Organization ${org} not found`);
    if (!userRow) throw notFound(`User ${user} not found`);
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("memberships")
        .select(["role", "granted_by"])
        .where("org_name", "=", orgRow.name)
        .where("user_name", "=", userRow.name)
        .executeTakeFirst();
      if (before?.role === role && before.granted_by === grantedBy) return;
      await trx
        .insertInto("memberships")
        .values({ org_name: orgRow.name, user_name: userRow.name, role, granted_by: grantedBy })
        .onConflict((oc) =>
          oc.columns(["org_name", "user_name"]).doUpdateSet({ role, granted_by: grantedBy }),
        )
        .execute();
      if (options.audit === false || before?.role === role) return;
      const via = grantedBy ? { via: grantedBy } : {};
      await recordAuditEvent(
        trx,
        before
          ? {
              type: "org.change_role",
              namespace: orgRow.name,
              data: {
                org: orgRow.name,
                user: userRow.name,
                userId: userRow.id,
                from: before.role,
                to: role,
                ...via,
              },
            }
          : {
              type: "org.add_user",
              namespace: orgRow.name,
              data: { org: orgRow.name, user: userRow.name, userId: userRow.id, role, ...via },
            },
      );
    });
    this.forgetResolvedTokens();
  }

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /**
   * Switches an account off (SCIM `active: false`) or on again. Off ends every browser session at once
   * and makes every token of the user fail from the next request (cached resolutions are dropped).
   */
  async setDisabled(name: string, disabled: boolean, via?: string): Promise<void> {
    const row = await this.findUser(name);
    if (!row) throw notFound(`User ${name} not found`);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ disabled: disabled ? 1 : 0 })
        .where("id", "=", row.id)
        .execute();
      if (disabled) await trx.deleteFrom("web_sessions").where("user_name", "=", row.name).execute();
      if ((row.disabled === 1) === disabled) return;
      await recordAuditEvent(trx, {
        type: disabled ? "user.disable" : "user.enable",
        namespace: row.name,
        data: { user: row.name, userId: row.id, ...(via ? { via } : {}) },
      });
    });
    this.forgetResolvedTokens();
  }

  /** Changes full name and e-mail (what company sign-in and SCIM report). */
  async setProfile(name: string, profile: { fullname?: string; email?: string | null }): Promise<void> {
    const set: { fullname?: string; email?: string | null } = {};
    if (profile.fullname !== undefined && profile.fullname.trim() !== "")
      set.fullname = profile.fullname.trim();
    if (profile.email !== undefined) set.email = profile.email;
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable("users").set(set).where("name_lower", "=", name.toLowerCase()).execute();
    this.forgetResolvedTokens();
  }

  findUser(name: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("name_lower", "=", name.toLowerCase())
      .executeTakeFirst();
  }

  findOrg(name: string): Promise<OrgRow | undefined> {
    return this.db
      .selectFrom("orgs")
      .selectAll()
      .where("name_lower", "=", name.toLowerCase())
      .executeTakeFirst();
  }

  findOrgById(id: string): Promise<OrgRow | undefined> {
    return this.db.selectFrom("orgs").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Canonical spelling of a user or org name, or undefined when neither exists. */
  async canonicalNamespace(name: string): Promise<{ name: string; kind: "user" | "org" } | undefined> {
    const user = await this.findUser(name);
    if (user) return { name: user.name, kind: "user" };
    const org = await this.findOrg(name);
    return org ? { name: org.name, kind: "org" } : undefined;
  }

  async namespaceTaken(name: string): Promise<boolean> {
    return (await this.canonicalNamespace(name)) !== undefined;
  }

  /** The user's organisations, each with the user's role in it. */
  async orgsOf(user: string): Promise<(OrgRow & { role: string })[]> {
    return this.db
      .selectFrom("memberships")
      .innerJoin("orgs", "orgs.name", "memberships.org_name")
      .selectAll("orgs")
      .select("memberships.role as role")
      .where("memberships.user_name", "=", user)
      .orderBy("orgs.name")
      .execute();
  }

  /** A new password also signs every browser of the user out (their sessions began with the old one). */
  async setPassword(user: string, password: string): Promise<void> {
    if (password.length < 8) throw badRequest("Password must be at least 8 characters");
    const row = await this.findUser(user);
    if (!row) throw notFound(`User ${user} not found`);
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", row.id).execute();
      const ended = await trx.deleteFrom("web_sessions").where("user_name", "=", row.name).executeTakeFirst();
      await recordAuditEvent(trx, {
        type: "user.password_change",
        namespace: row.name,
        data: { user: row.name, userId: row.id, sessionsEnded: Number(ended.numDeletedRows) },
      });
    });
  }

  /** The user when name and password match, else undefined (no hint which part was wrong). */
  async checkPassword(name: string, password: string): Promise<UserRow | undefined> {
    const user = await this.findUser(name);
    if (!user?.password_hash) {
      await verifyAgainstDummy(password);
      return undefined;
    }
    const matches = await verifyPassword(password, user.password_hash);
    return matches && user.disabled !== 1 ? user : undefined;
  }

  async createToken(
    user: string,
    options: {
      displayName: string;
      role: TokenRole;
      value?: string;
      fineGrained?: FineGrained;
      expiresAt?: string;
    } & AuditOption,
  ): Promise<{ token: string; row: TokenRow }> {
    const owner = await this.findUser(user);
    if (!owner) throw notFound(`User ${user} not found`);
    const token = options.value ?? generateToken();
    const fineGrained = options.fineGrained;
    const row: TokenRow = {
      id: newId(),
      user_name: owner.name,
      display_name: options.displayName,
      role: fineGrained ? "fineGrained" : options.role,
      token_hash: hashToken(token),
      token_prefix: tokenPrefix(token),
      created_at: nowIso(),
      last_used_at: null,
      fine_grained: fineGrained ? JSON.stringify(fineGrained) : null,
      expires_at: options.expiresAt ?? null,
    };
    const pending = fineGrained
      ? pendingOrgsOnCreate(
          orgsReached(fineGrained, owner.name),
          (await this.memberships(owner.name)).tokenPolicies,
        )
      : [];
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("tokens").values(row).execute();
      for (const org of pending)
        await trx
          .insertInto("org_token_access")
          .values({
            org_name: org,
            token_id: row.id,
            status: "pending",
            decided_by: null,
            updated_at: row.created_at,
          })
          .execute();
      if (options.audit !== false)
        await recordAuditEvent(trx, {
          type: "token.create",
          namespace: await tokenAuditNamespace(trx, owner.name, fineGrained),
          data: {
            user: owner.name,
            tokenId: row.id,
            displayName: row.display_name,
            role: row.role,
            last4: token.slice(-4),
            ...(row.expires_at ? { expiresAt: row.expires_at } : {}),
            ...(fineGrained ? { fineGrained, pendingApproval: pending } : {}),
          },
        });
    });
    return { token, row };
  }

  /** Makes `token` a write token of `user` (idempotent); used for MODELHUB_ADMIN_TOKEN. */
  async ensureToken(user: string, token: string, displayName: string): Promise<void> {
    const existing = await this.db
      .selectFrom("tokens")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (existing) {
      await this.db
        .updateTable("tokens")
        .set({ user_name: user, role: "write" })
        .where("id", "=", existing.id)
        .execute();
      this.forgetResolvedTokens();
      return;
    }
    await this.createToken(user, { displayName, role: "write", value: token });
  }

  listTokens(user: string): Promise<TokenRow[]> {
    return this.db
      .selectFrom("tokens")
      .selectAll()
      .where("user_name", "=", user)
      .orderBy("created_at", "desc")
      .execute();
  }

  async revokeToken(user: string, id: string): Promise<boolean> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("tokens")
        .selectAll()
        .where("id", "=", id)
        .where("user_name", "=", user)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom("tokens").where("id", "=", row.id).execute();
      await trx.deleteFrom("org_token_access").where("token_id", "=", row.id).execute();
      await recordAuditEvent(trx, {
        type: "token.delete",
        namespace: await tokenAuditNamespace(trx, row.user_name, row.fine_grained),
        data: { user: row.user_name, tokenId: row.id, displayName: row.display_name, role: row.role },
      });
      return true;
    });
    this.forgetResolvedTokens();
    return deleted;
  }

  /** Deletes every token among `values` (leaked credentials), each with its audit event; unknown ones are ignored. */
  async revokeLeakedTokens(values: string[]): Promise<void> {
    const hashes = [...new Set(values.map(hashToken))];
    if (hashes.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom("tokens").selectAll().where("token_hash", "in", hashes).execute();
      for (const row of rows) {
        await trx.deleteFrom("tokens").where("id", "=", row.id).execute();
        await trx.deleteFrom("org_token_access").where("token_id", "=", row.id).execute();
        const value = values.find((candidate) => hashToken(candidate) === row.token_hash) ?? "";
        await recordAuditEvent(trx, {
          type: "token.credentials_revoke",
          namespace: await tokenAuditNamespace(trx, row.user_name, row.fine_grained),
          data: {
            user: row.user_name,
            tokenId: row.id,
            displayName: row.display_name,
            role: row.role,
            last4: value.slice(-4),
          },
        });
      }
    });
    this.forgetResolvedTokens();
  }

  /** The token's owner and standing; an expired token resolves too (the caller refuses it with its date). */
  async resolveToken(token: string): Promise<ResolvedToken | undefined> {
    const hash = hashToken(token);
    const now = Date.now();
    const cached = this.resolvedTokens.get(hash);
    if (cached && cached.expires > now) return cached.value;
    const generation = this.tokenGeneration;
    const row = await this.db
      .selectFrom("tokens")
      .selectAll()
      .where("token_hash", "=", hash)
      .executeTakeFirst();
    if (!row) return undefined;
    const user = await this.findUser(row.user_name);
    if (!user || user.disabled === 1) return undefined;
    const memberships = await this.memberships(user.name);
    const standing: OrgTokenStanding[] = await this.db
      .selectFrom("org_token_access")
      .select(["org_name", "status"])
      .where("token_id", "=", row.id)
      .execute();
    const orgBlocks = orgBlocksOf({
      fineGrained: row.fine_grained ? parseStoredFineGrained(row.fine_grained) : undefined,
      tokenOwner: user.name,
      memberOrgs: memberships.orgs,
      policies: memberships.tokenPolicies,
      standing,
    });
    const { orgs, writeOrgs, contributorOrgs } = memberships;
    const value = { user, token: row, orgs, writeOrgs, contributorOrgs, orgBlocks };
    if (generation !== this.tokenGeneration) return value;
    if (this.resolvedTokens.size >= TOKEN_CACHE_ENTRIES) this.resolvedTokens.clear();
    this.resolvedTokens.set(hash, { value, expires: now + TOKEN_CACHE_MS });
    return value;
  }

  /**
   * The viewer of a web session: its user with a write role (the browser is the user). A session that
   * began without a second factor or company sign-in (`secondFactor` false), of a user without 2FA,
   * is no member of the orgs that require one: their private content stays hidden until the user
   * complies. `blockedOrgs` names them, for the web app to say why.
   */
  async sessionViewer(
    userName: string,
    secondFactor = true,
  ): Promise<(MemberViewer & { blockedOrgs: string[] }) | undefined> {
    const user = await this.findUser(userName);
    if (!user || user.disabled === 1) return undefined;
    const memberships = await this.memberships(user.name);
    const complies = secondFactor || user.totp_enabled_at !== null;
    const blocked = complies ? [] : memberships.secondFactorOrgs;
    const allowed = (orgs: string[]) => orgs.filter((org) => !blocked.includes(org));
    return {
      user: user.name,
      userId: user.id,
      orgs: allowed(memberships.orgs),
      writeOrgs: allowed(memberships.writeOrgs),
      contributorOrgs: allowed(memberships.contributorOrgs),
      role: "write",
      isAdmin: user.is_admin === 1,
      blockedOrgs: blocked,
    };
  }

  private async memberships(user: string): Promise<Memberships> {
    const orgs = await this.db
      .selectFrom("memberships")
      .innerJoin("orgs", "orgs.name", "memberships.org_name")
      .select([
        "memberships.org_name as org_name",
        "memberships.role as role",
        "orgs.require_2fa as require_2fa",
        "orgs.token_policy as token_policy",
      ])
      .where("memberships.user_name", "=", user)
      .execute();
    return {
      orgs: orgs.map((o) => o.org_name),
      writeOrgs: orgs.filter((o) => WRITING_ROLES.includes(o.role)).map((o) => o.org_name),
      contributorOrgs: orgs.filter((o) => o.role === "contributor").map((o) => o.org_name),
      secondFactorOrgs: orgs.filter((o) => o.require_2fa === 1).map((o) => o.org_name),
      tokenPolicies: Object.fromEntries(orgs.map((o) => [o.org_name, o.token_policy])),
    };
  }

  async setAdmin(name: string, isAdmin: boolean): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ is_admin: isAdmin ? 1 : 0 })
      .where("name_lower", "=", name.toLowerCase())
      .execute();
    this.forgetResolvedTokens();
  }

  /**
   * Records token use, at most once an hour per token so reads stay cheap. The first use is an audit
   * event (`token.first_use`), written by whichever request (or replica) sets the time first.
   */
  async touchToken(row: TokenRow, now = new Date()): Promise<void> {
    if (row.last_used_at && now.getTime() - Date.parse(row.last_used_at) < 60 * 60 * 1000) return;
    const at = now.toISOString();
    const first = row.last_used_at === null;
    // The row may be the cached resolution's: it shows the new time, so the next calls skip the write.
    row.last_used_at = at;
    if (!first) {
      await this.db.updateTable("tokens").set({ last_used_at: at }).where("id", "=", row.id).execute();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("tokens")
        .set({ last_used_at: at })
        .where("id", "=", row.id)
        .where("last_used_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      await recordAuditEvent(trx, {
        type: "token.first_use",
        namespace: row.user_name,
        data: { user: row.user_name, tokenId: row.id, displayName: row.display_name, role: row.role },
      });
    });
  }

  /**
   * The viewer a token stands for. A fine-grained token counts as a write token whose every right is
   * narrowed by its permissions (access-rules.ts); an org that bars the token is no org of the viewer.
   */
  viewerOf(resolved: ResolvedToken): MemberViewer {
    const blocked = (org: string) => Object.hasOwn(resolved.orgBlocks, org.toLowerCase());
    const allowed = (orgs: string[]) => orgs.filter((org) => !blocked(org));
    const fineGrained = resolved.token.fine_grained;
    return {
      user: resolved.user.name,
      userId: resolved.user.id,
      orgs: allowed(resolved.orgs),
      writeOrgs: allowed(resolved.writeOrgs),
      contributorOrgs: allowed(resolved.contributorOrgs),
      role: resolved.token.role === "read" ? "read" : "write",
      isAdmin: resolved.user.is_admin === 1,
      ...(fineGrained ? { fineGrained: parseStoredFineGrained(fineGrained) } : {}),
      ...(Object.keys(resolved.orgBlocks).length > 0 ? { orgBlocks: resolved.orgBlocks } : {}),
    };
  }

  /** A concurrent insert of the same name loses with a 409, not a 500. */
  private async insertNamed(insert: () => Promise<unknown>, name: string): Promise<void> {
    try {
      await insert();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`The name "${name}" is already taken`);
      throw err;
    }
  }

  private checkName(name: string, allowReserved = false): void {
    const problem = nameProblem("namespace", name, { allowReserved });
    if (problem) throw badRequest(problem);
  }
}

/**
 * Where a token's events are filed: a fine-grained token that reaches exactly one org (its scopes name
 * the org or its repos) is that org's business, so its security team sees it in the org's audit log;
 * any other token stays in its owner's. `db` is the transaction that records the event.
 */
async function tokenAuditNamespace(
  db: Kysely<Database>,
  owner: string,
  grants: FineGrained | string | null | undefined,
): Promise<string> {
  if (!grants) return owner;
  const reached = orgsReached(typeof grants === "string" ? parseStoredFineGrained(grants) : grants, owner);
  if (reached.length !== 1) return owner;
  const org = await db
    .selectFrom("orgs")
    .select("name")
    .where("name_lower", "=", reached[0])
    .executeTakeFirst();
  return org?.name ?? owner;
}
