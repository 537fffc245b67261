import type { OrgRole } from "./orgs.js";

/** `GET /api/auth/providers`: the sign-in methods this hub offers. */
export interface SignInProviders {
  /** Local passwords (MODELHUB_PASSWORD_LOGIN). */
  password: boolean;
  /** The sign-in form also takes company directory (LDAP) passwords. */
  ldap?: { name: string };
  oidc?: { name: string; url: string };
  saml?: { name: string; url: string };
}

/** `GET /api/settings/2fa` */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** Company sign-in accounts (no local password) have nothing to protect with a second factor here. */
  available: boolean;
}

/** `POST /api/settings/2fa/setup`: scan `uri` (otpauth://) or type `secret` into the app. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
}

/** `POST /api/settings/2fa/enable` and `…/recovery-codes`: shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface GroupRoleMapping {
  group: string;
  role: OrgRole;
}

/** `GET|PUT /api/organizations/{org}/settings/sso` */
export interface OrgSsoSettings {
  require2fa: boolean;
  /** The OIDC claim / SAML attribute the mappings read groups from (null: the site's groups claim). */
  groupsAttribute: string | null;
  mappings: GroupRoleMapping[];
  /** Read-only: MODELHUB_SSO_GROUP_ROLES rules naming this org. */
  siteMappings?: GroupRoleMapping[];
  /** Read-only: the SCIM base URL of this org. */
  scimUrl?: string;
}

/** A SCIM token as its org's admins list it (the secret itself is shown once, at creation). */
export interface ScimTokenInfo {
  id: string;
  displayName: string;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedScimToken extends ScimTokenInfo {
  token: string;
}
