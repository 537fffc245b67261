import type { Kysely, Selectable } from "kysely";
import type { Database, ExternalIdentityTable } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import type { Accounts, UserRow } from "../platform/accounts.js";
import { newId, nowIso } from "../domain/ids.js";
import type { SecurityEvents } from "../platform/security-events.js";

import type { ProviderProfile } from "./profile.js";
import { hubNameFrom, uniqueHubName } from "./usernames.js";

export type IdentityRow = Selectable<ExternalIdentityTable>;

export class AccountDisabledError extends Error {}

/**
 * Accounts at identity providers, keyed by (provider, subject) and nothing else: a later sign-in finds
 * its hub account by the provider's subject, never by a name someone could have registered first.
 */
export class ExternalIdentities {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
    private readonly events: SecurityEvents,
    private readonly options: { linkByEmail: boolean },
  ) {}

  find(provider: string, subject: string): Promise<IdentityRow | undefined> {
    return this.db
      .selectFrom("external_identities")
      .selectAll()
      .where("provider", "=", provider)
      .where("subject", "=", subject)
      .executeTakeFirst();
  }

  ofUser(userId: string): Promise<IdentityRow[]> {
    return this.db.selectFrom("external_identities").selectAll().where("user_id", "=", userId).execute();
  }

  /**
   * The hub account of a company sign-in: the one linked to (provider, subject); else, on a first
   * sign-in, an account SCIM provisioned with the same user name or e-mail, or (only when the admin
   * allows it) the local account with the same verified e-mail; else a new account with a valid,
   * unique name from the provider's user name. A disabled account is refused.
   */
  async accountFor(profile: ProviderProfile): Promise<{ user: UserRow; created: boolean }> {
    const existing = await this.find(profile.provider, profile.subject);
    if (existing) {
      const user = await this.accounts.findUserById(existing.user_id);
      if (user) {
        await this.refresh(existing, profile);
        await this.updateProfile(user, profile);
        return { user: this.enabled(user), created: false };
      }
      await this.db.deleteFrom("external_identities").where("id", "=", existing.id).execute();
    }
    const linked = (await this.scimProvisioned(profile)) ?? (await this.sameVerifiedEmail(profile));
    if (linked) {
      this.enabled(linked.user);
      await this.insert(linked.user, profile);
      this.events.record({
        type: "identity-linked",
        user: linked.user.name,
        provider: profile.provider,
        via: linked.via,
      });
      await this.updateProfile(linked.user, profile);
      return { user: linked.user, created: false };
    }
    const user = await this.createAccount(profile);
    try {
      await this.insert(user, profile);
    } catch (err) {
      // a concurrent first sign-in of the same person won: use its account, drop this one
      if (!isUniqueViolation(err)) throw err;
      await this.db.deleteFrom("users").where("id", "=", user.id).execute();
      const winner = await this.find(profile.provider, profile.subject);
      const other = winner ? await this.accounts.findUserById(winner.user_id) : undefined;
      if (!other) throw err;
      return { user: this.enabled(other), created: false };
    }
    this.events.record({ type: "account-created", user: user.name, via: profile.provider });
    return { user, created: true };
  }

  private enabled(user: UserRow): UserRow {
    if (user.disabled === 1)
      throw new AccountDisabledError(`The account ${user.name} is disabled: ask your administrator`);
    return user;
  }

  private async createAccount(profile: ProviderProfile): Promise<UserRow> {
    const base = hubNameFrom(profile.username ?? profile.email);
    for (let attempt = 0; ; attempt++) {
      const name = await uniqueHubName(base, (candidate) => this.accounts.namespaceTaken(candidate));
      try {
        return await this.accounts.createUser({
          name,
          fullname: profile.fullname ?? profile.username ?? name,
          email: profile.emailVerified ? profile.email : undefined,
        });
      } catch (err) {
        // another sign-in took the name between the check and the insert: pick again
        if (attempt >= 5) throw err;
      }
    }
  }

  /** A first company sign-in of someone SCIM provisioned already (same user name or e-mail). */
  private async scimProvisioned(
    profile: ProviderProfile,
  ): Promise<{ user: UserRow; via: string } | undefined> {
    const keys = [profile.username, profile.email]
      .filter((v): v is string => !!v)
      .map((v) => v.toLowerCase());
    if (keys.length === 0) return undefined;
    const candidates = await this.db
      .selectFrom("external_identities")
      .selectAll()
      .where("provider", "like", "scim:%")
      .where((eb) =>
        eb.or([eb(eb.fn("lower", ["username"]), "in", keys), eb(eb.fn("lower", ["email"]), "in", keys)]),
      )
      .execute();
    for (const candidate of candidates) {
      // an account already linked to this provider belongs to someone else at the provider
      const others = await this.ofUser(candidate.user_id);
      if (others.some((identity) => identity.provider === profile.provider)) continue;
      const user = await this.accounts.findUserById(candidate.user_id);
      if (user) return { user, via: candidate.provider };
    }
    return undefined;
  }

  private async sameVerifiedEmail(
    profile: ProviderProfile,
  ): Promise<{ user: UserRow; via: string } | undefined> {
    if (!this.options.linkByEmail || !profile.emailVerified || !profile.email) return undefined;
    const user = await this.db
      .selectFrom("users")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", profile.email!.toLowerCase()))
      .executeTakeFirst();
    if (!user) return undefined;
    const others = await this.ofUser(user.id);
    if (others.some((identity) => identity.provider === profile.provider)) return undefined;
    return { user, via: "verified e-mail" };
  }

  private async insert(user: UserRow, profile: ProviderProfile): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto("external_identities")
      .values({
        id: newId(),
        provider: profile.provider,
        subject: profile.subject,
        user_id: user.id,
        username: profile.username ?? null,
        email: profile.email ?? null,
        groups: JSON.stringify(profile.groups),
        attributes: "{}",
        created_at: now,
        last_seen_at: now,
      })
      .execute();
  }

  private async refresh(identity: IdentityRow, profile: ProviderProfile): Promise<void> {
    await this.db
      .updateTable("external_identities")
      .set({
        username: profile.username ?? null,
        email: profile.email ?? null,
        groups: JSON.stringify(profile.groups),
        last_seen_at: nowIso(),
      })
      .where("id", "=", identity.id)
      .execute();
  }

  /** The provider is the source of truth for full name and (verified) e-mail. */
  private async updateProfile(user: UserRow, profile: ProviderProfile): Promise<void> {
    await this.accounts.setProfile(user.name, {
      fullname: profile.fullname,
      ...(profile.emailVerified && profile.email ? { email: profile.email } : {}),
    });
  }
}
