import { createHash } from "node:crypto";
import { userActor, type AuditCredential } from "../audit/context.js";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Accounts, UserRow } from "../platform/accounts.js";
import type { Logger } from "../platform/logger.js";
import { SecurityEvents } from "../platform/security-events.js";
import { WebSessions, type SignInMethod } from "../platform/web-sessions.js";
import { SignInFlows } from "./flows.js";
import { syncGroupRoles } from "./group-roles.js";
import { ExternalIdentities } from "./identities.js";
import { LdapDirectory, LdapUnavailableError, type LdapOutcome } from "./ldap.js";
import { OidcSignIn } from "./oidc.js";
import { OrgSsoStore } from "./org-sso-settings.js";
import type { ProviderProfile } from "./profile.js";
import { SamlSignIn } from "./saml.js";
import { NO_SSO, type SsoSettings } from "./settings.js";
import { TwoFactor } from "./two-factor.js";

/** A directory password checked for git over HTTP is trusted this long (git sends it on every request). */
const GIT_PASSWORD_CACHE_MS = 60_000;
const GIT_PASSWORD_CACHE_ENTRIES = 1_000;

/** The sign-in methods the sign-in page offers. */
export interface SignInProviders {
  password: boolean;
  ldap?: { name: string };
  oidc?: { name: string; url: string };
  saml?: { name: string; url: string };
}

/**
 * Company sign-in: the configured providers (OpenID Connect, SAML, LDAP), the accounts they map to,
 * group → org role sync at every sign-in, TOTP second factors, and the browser sessions they open.
 */
export class CompanySignIn {
  readonly flows: SignInFlows;
  readonly oidc?: OidcSignIn;
  readonly saml?: SamlSignIn;
  readonly ldap?: LdapDirectory;
  readonly identities: ExternalIdentities;
  readonly twoFactor: TwoFactor;
  readonly orgSso: OrgSsoStore;
  readonly sessions: WebSessions;
  readonly events: SecurityEvents;
  private readonly gitPasswords = new Map<string, { user: string; expires: number }>();
  private readonly logger?: Logger;
  private warnedNoGroups = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
    readonly settings: SsoSettings = NO_SSO,
    options: { logger?: Logger; events?: SecurityEvents; totpIssuer?: string } = {},
  ) {
    this.logger = options.logger;
    this.events = options.events ?? new SecurityEvents(options.logger);
    this.flows = new SignInFlows(db);
    this.oidc = settings.oidc ? new OidcSignIn(settings.oidc, this.flows) : undefined;
    this.saml = settings.saml ? new SamlSignIn(settings.saml, this.flows) : undefined;
    this.ldap = settings.ldap ? new LdapDirectory(settings.ldap) : undefined;
    this.identities = new ExternalIdentities(db, accounts, this.events, {
      linkByEmail: settings.linkByEmail,
    });
    this.twoFactor = new TwoFactor(db, options.totpIssuer ?? "ModelHub");
    this.orgSso = new OrgSsoStore(db);
    this.sessions = new WebSessions(db);
  }

  providers(): SignInProviders {
    const s = this.settings;
    return {
      password: s.passwordLogin,
      ...(s.ldap ? { ldap: { name: s.ldap.name } } : {}),
      ...(s.oidc ? { oidc: { name: s.oidc.name, url: "/auth/oidc/login" } } : {}),
      ...(s.saml ? { saml: { name: s.saml.name, url: "/auth/saml/login" } } : {}),
    };
  }

  /** The hub account of a provider's profile (created or linked on first use), with its org roles re-synced. */
  async accountFor(profile: ProviderProfile): Promise<UserRow> {
    const { user } = await this.identities.accountFor(profile);
    if (this.settings.groupRoles.length > 0 && profile.groups.length === 0 && !this.warnedNoGroups) {
      // the usual set-up mistake: the IdP sends no groups claim (a scope or a claim mapper is missing)
      this.warnedNoGroups = true;
      this.logger?.warn(
        { provider: profile.provider, claims: Object.keys(profile.attributes) },
        "company sign-in: the identity provider sent no groups, so MODELHUB_SSO_GROUP_ROLES matched nothing (check the groups claim or attribute and MODELHUB_OIDC_SCOPES)",
      );
    }
    await syncGroupRoles(
      {
        db: this.db,
        accounts: this.accounts,
        orgSso: this.orgSso,
        events: this.events,
        siteRules: this.settings.groupRoles,
      },
      user.name,
      profile,
    );
    return user;
  }

  /**
   * Opens the browser session of a finished sign-in and reports it: the `user.login` audit event is
   * written with the session row (`provider` is how the sign-in was proven; `token` when a pasted
   * access token opened it).
   */
  async openSession(
    user: UserRow,
    method: SignInMethod,
    userAgent: string | undefined,
    address: string | undefined,
    idpLogout?: string,
    token?: AuditCredential,
  ): Promise<{ secret: string }> {
    const { secret } = await this.sessions.create(user.name, userAgent, method, idpLogout, {
      type: "user.login",
      namespace: user.name,
      actor: userActor(user.id, user.name),
      token: token ?? null,
      data: { user: user.name, provider: method },
    });
    this.events.record({ type: "sign-in", user: user.name, method, address });
    return { secret };
  }

  /** A directory sign-in: the account, or why not (`undefined` when no directory is configured). */
  async ldapSignIn(username: string, password: string): Promise<LdapOutcome | undefined> {
    if (!this.ldap) return undefined;
    return this.ldap.authenticate(username, password);
  }

  /**
   * git over HTTP with a directory password as the Basic password: the hub user, or undefined. A
   * success is remembered for a minute (git repeats the credentials on every request of a clone).
   */
  async gitPasswordUser(username: string, password: string): Promise<string | undefined> {
    if (!this.ldap || !username || !password) return undefined;
    const key = createHash("sha256").update(`${username}\0${password}`).digest("hex");
    const now = Date.now();
    const cached = this.gitPasswords.get(key);
    if (cached && cached.expires > now) return cached.user;
    let outcome: LdapOutcome;
    try {
      outcome = await this.ldap.authenticate(username, password);
    } catch (err) {
      if (err instanceof LdapUnavailableError) return undefined;
      throw err;
    }
    if (!outcome.ok) {
      this.events.record({
        type: "sign-in-failed",
        user: username,
        method: "ldap (git)",
        reason: outcome.reason,
      });
      return undefined;
    }
    const user = await this.accountFor(outcome.profile);
    if (this.gitPasswords.size >= GIT_PASSWORD_CACHE_ENTRIES) this.gitPasswords.clear();
    this.gitPasswords.set(key, { user: user.name, expires: now + GIT_PASSWORD_CACHE_MS });
    return user.name;
  }

  /** Forgets remembered directory passwords (an account was disabled). */
  forgetGitPasswords(): void {
    this.gitPasswords.clear();
  }
}
