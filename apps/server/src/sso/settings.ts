import { ORG_ROLES, type OrgRole } from "../platform/org-roles.js";

/** OpenID Connect (MODELHUB_OIDC_*): authorization code flow with PKCE against one issuer. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  /** The sign-in button's label. */
  name: string;
  /** The ID token / userinfo claim that gives the hub user name. */
  usernameClaim: string;
  /** The claim that lists the user's groups (for group → org role mappings). */
  groupsClaim: string;
}

/** SAML 2.0 (MODELHUB_SAML_*): SP-initiated, HTTP-Redirect request, HTTP-POST response. */
export interface SamlSettings {
  /** A URL (http/https) or a file path of the IdP's metadata XML. */
  idpMetadata: string;
  name: string;
  /** Attribute names; the NameID gives the user name when `username` is absent from the assertion. */
  usernameAttribute: string;
  emailAttribute: string;
  nameAttribute: string;
  groupsAttribute: string;
}

/** LDAP (MODELHUB_LDAP_*): service bind, search the user, bind as the user. */
export interface LdapSettings {
  url: string;
  bindDn?: string;
  bindPassword?: string;
  userBase: string;
  /** `{username}` is replaced by the RFC 4515-escaped name typed at sign-in. */
  userFilter: string;
  startTls: boolean;
  /** PEM file of the CA that signed the directory's certificate (ldaps or StartTLS). */
  caFile?: string;
  /** A stable, unique attribute of the user entry (OpenLDAP entryUUID, AD objectGUID). */
  idAttribute: string;
  usernameAttribute: string;
  emailAttribute: string;
  nameAttribute: string;
  /** When set, groups are also searched here with `groupFilter` (else only `memberOf`). */
  groupBase?: string;
  /** `{dn}` and `{username}` are replaced, escaped. */
  groupFilter: string;
  groupNameAttribute: string;
  name: string;
  timeoutMs: number;
}

/** One `group=org:role` rule of MODELHUB_SSO_GROUP_ROLES. */
export interface GroupRoleRule {
  group: string;
  org: string;
  role: OrgRole;
}

export interface SsoSettings {
  oidc?: OidcSettings;
  saml?: SamlSettings;
  ldap?: LdapSettings;
  /** Site-wide group → org role rules. */
  groupRoles: GroupRoleRule[];
  /** MODELHUB_PASSWORD_LOGIN=0 turns local passwords off (company sign-in and tokens stay). */
  passwordLogin: boolean;
  /** MODELHUB_SSO_LINK_BY_EMAIL=1: a first company sign-in may take over a local account with the same verified e-mail. */
  linkByEmail: boolean;
}

export class SsoSettingsError extends Error {}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new SsoSettingsError(`${name} "${env[name]}" must be 1 or 0`);
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SsoSettingsError(`${name} "${raw}" is not an absolute URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new SsoSettingsError(`${name} must be an http(s) URL, got ${url.protocol}`);
  return raw.replace(/\/+$/, "");
}

/** Parses `ml-admins=acme:admin,ml-team=acme:write` (commas, semicolons or new lines between rules). */
export function parseGroupRoles(raw: string | undefined, name = "MODELHUB_SSO_GROUP_ROLES"): GroupRoleRule[] {
  if (!raw?.trim()) return [];
  return raw
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.lastIndexOf("=");
      const target = eq > 0 ? part.slice(eq + 1) : "";
      const colon = target.lastIndexOf(":");
      const group = eq > 0 ? part.slice(0, eq).trim() : "";
      const org = colon > 0 ? target.slice(0, colon).trim() : "";
      const role = ORG_ROLES.find((known) => known === target.slice(colon + 1).trim());
      if (!group || !org || !role)
        throw new SsoSettingsError(
          `${name}: "${part}" must look like group=org:role with a role among ${ORG_ROLES.join(", ")}`,
        );
      return { group, org, role };
    });
}

function oidcFrom(env: Env): OidcSettings | undefined {
  const issuer = value(env, "MODELHUB_OIDC_ISSUER");
  const clientId = value(env, "MODELHUB_OIDC_CLIENT_ID");
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId)
    throw new SsoSettingsError("OpenID Connect needs both MODELHUB_OIDC_ISSUER and MODELHUB_OIDC_CLIENT_ID");
  const scopes = value(env, "MODELHUB_OIDC_SCOPES") ?? "openid profile email";
  if (!scopes.split(/\s+/).includes("openid"))
    throw new SsoSettingsError('MODELHUB_OIDC_SCOPES must include "openid"');
  return {
    issuer: httpUrl("MODELHUB_OIDC_ISSUER", issuer),
    clientId,
    clientSecret: value(env, "MODELHUB_OIDC_CLIENT_SECRET"),
    scopes,
    name: value(env, "MODELHUB_OIDC_NAME") ?? "Company sign-in",
    usernameClaim: value(env, "MODELHUB_OIDC_USERNAME_CLAIM") ?? "preferred_username",
    groupsClaim: value(env, "MODELHUB_OIDC_GROUPS_CLAIM") ?? "groups",
  };
}

function samlFrom(env: Env): SamlSettings | undefined {
  const idpMetadata = value(env, "MODELHUB_SAML_IDP_METADATA");
  if (!idpMetadata) return undefined;
  return {
    idpMetadata,
    name: value(env, "MODELHUB_SAML_NAME") ?? "SAML sign-in",
    usernameAttribute: value(env, "MODELHUB_SAML_USERNAME_ATTRIBUTE") ?? "username",
    emailAttribute: value(env, "MODELHUB_SAML_EMAIL_ATTRIBUTE") ?? "email",
    nameAttribute: value(env, "MODELHUB_SAML_NAME_ATTRIBUTE") ?? "name",
    groupsAttribute: value(env, "MODELHUB_SAML_GROUPS_ATTRIBUTE") ?? "groups",
  };
}

function ldapFrom(env: Env): LdapSettings | undefined {
  const url = value(env, "MODELHUB_LDAP_URL");
  if (!url) return undefined;
  if (!/^ldaps?:\/\//i.test(url))
    throw new SsoSettingsError(`MODELHUB_LDAP_URL "${url}" must start with ldap:// or ldaps://`);
  const userBase = value(env, "MODELHUB_LDAP_USER_BASE");
  if (!userBase) throw new SsoSettingsError("MODELHUB_LDAP_URL needs MODELHUB_LDAP_USER_BASE too");
  const userFilter = value(env, "MODELHUB_LDAP_USER_FILTER") ?? "(uid={username})";
  if (!userFilter.includes("{username}"))
    throw new SsoSettingsError("MODELHUB_LDAP_USER_FILTER must contain {username}");
  const bindDn = value(env, "MODELHUB_LDAP_BIND_DN");
  const bindPassword = env.MODELHUB_LDAP_BIND_PASSWORD;
  if (bindDn && !bindPassword)
    throw new SsoSettingsError("MODELHUB_LDAP_BIND_DN needs MODELHUB_LDAP_BIND_PASSWORD");
  const timeoutS = Number(value(env, "MODELHUB_LDAP_TIMEOUT_S") ?? "10");
  if (!Number.isFinite(timeoutS) || timeoutS <= 0 || timeoutS > 120)
    throw new SsoSettingsError("MODELHUB_LDAP_TIMEOUT_S must be a number of seconds from 1 to 120");
  return {
    url,
    bindDn,
    bindPassword,
    userBase,
    userFilter,
    startTls: flag(env, "MODELHUB_LDAP_STARTTLS", false),
    caFile: value(env, "MODELHUB_LDAP_CA_FILE"),
    idAttribute: value(env, "MODELHUB_LDAP_ID_ATTRIBUTE") ?? "entryUUID",
    usernameAttribute: value(env, "MODELHUB_LDAP_USERNAME_ATTRIBUTE") ?? "uid",
    emailAttribute: value(env, "MODELHUB_LDAP_EMAIL_ATTRIBUTE") ?? "mail",
    nameAttribute: value(env, "MODELHUB_LDAP_NAME_ATTRIBUTE") ?? "cn",
    groupBase: value(env, "MODELHUB_LDAP_GROUP_BASE"),
    groupFilter:
      value(env, "MODELHUB_LDAP_GROUP_FILTER") ?? "(|(member={dn})(uniqueMember={dn})(memberUid={username}))",
    groupNameAttribute: value(env, "MODELHUB_LDAP_GROUP_NAME_ATTRIBUTE") ?? "cn",
    name: value(env, "MODELHUB_LDAP_NAME") ?? "Company directory",
    timeoutMs: timeoutS * 1000,
  };
}

/** Every company sign-in setting; providers that are not configured are absent. */
export function ssoSettingsFrom(env: Env): SsoSettings {
  return {
    oidc: oidcFrom(env),
    saml: samlFrom(env),
    ldap: ldapFrom(env),
    groupRoles: parseGroupRoles(env.MODELHUB_SSO_GROUP_ROLES),
    passwordLogin: flag(env, "MODELHUB_PASSWORD_LOGIN", true),
    linkByEmail: flag(env, "MODELHUB_SSO_LINK_BY_EMAIL", false),
  };
}

export const NO_SSO: SsoSettings = { groupRoles: [], passwordLogin: true, linkByEmail: false };
