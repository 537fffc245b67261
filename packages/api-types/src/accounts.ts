/** Users, sign-in, web sessions and personal access tokens. */

/** `fineGrained` tokens carry their permissions (`fineGrained`); read/write tokens act with the user's rights. */
export type TokenRole = "read" | "write" | "fineGrained";

/** What a fine-grained token may do, in the shape whoami-v2 reports and `POST /api/settings/tokens` takes. */
export interface FineGrainedPermissions {
  canReadGatedRepos: boolean;
  global: string[];
  scoped: {
    entity: { _id: string; type: "user" | "org" | "model" | "dataset" | "space"; name: string };
    permissions: string[];
  }[];
}

/** `GET /api/whoami-v2`: the token's (or web session's) user. */
export interface WhoAmI {
  type: "user";
  id: string;
  name: string;
  fullname: string;
  email: string;
  emailVerified: boolean;
  avatarUrl: string;
  isPro: boolean;
  canPay: boolean;
  periodEnd: null;
  billingMode: string;
  /** Site admins (the hub's own administrators). */
  isAdmin: boolean;
  orgs: WhoAmIOrg[];
  auth:
    | {
        type: "access_token";
        accessToken: {
          displayName: string;
          role: TokenRole;
          createdAt: string;
          fineGrained?: FineGrainedPermissions;
          expiresAt?: string;
        };
      }
    | { type: "web_session" };
}

export interface WhoAmIOrg {
  type: "org";
  id: string;
  name: string;
  fullname: string;
  email: string;
  avatarUrl: string;
  canPay: boolean;
  periodEnd: null;
  roleInOrg: string;
}

/** One item of `GET /api/settings/tokens`. */
export interface AccessTokenInfo {
  id: string;
  displayName: string;
  role: TokenRole;
  /** First characters of the token, so users recognise it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** When the token stops working; null: never. */
  expiresAt: string | null;
  fineGrained?: FineGrainedPermissions;
  /** Service-account tokens: the account's name. */
  serviceAccount?: string;
}

/** `POST /api/settings/tokens`: the only time the secret is shown. */
export interface CreatedAccessToken extends AccessTokenInfo {
  token: string;
}

/** `POST /api/login`: the session itself travels in an HttpOnly cookie. */
export interface LoginResponse {
  user: { name: string; fullname: string };
  /** Sent back as `X-CSRF-Token` on every write of this session. */
  csrfToken: string;
}

/** `GET /api/session` */
export type SessionState =
  | { signedIn: false }
  | {
      signedIn: true;
      user: string;
      csrfToken: string;
      expiresAt: string;
      /** How this session began (password, password+totp, token, oidc, saml, ldap). */
      method?: string | null;
      /** Orgs that require 2FA or company sign-in, whose private content this session cannot see yet. */
      blockedOrgs?: string[];
    };

/** One browser sign-in of the user, as `GET /api/settings/sessions` lists it. */
export interface WebSessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** How the session began: password, password+totp, password+recovery, token, oidc, saml, ldap. */
  method?: string | null;
  /** The session of this browser. */
  current: boolean;
}

/** An organisation's rule for its members' tokens. */
export type OrgTokenPolicy = "allow_all" | "fine_grained_only" | "admin_approval";

/** `GET /api/organizations/{org}/settings/tokens`: a member's token that reaches the org (never its value). */
export interface OrgTokenEntry {
  id: string;
  user: string;
  displayName: string;
  role: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  /** `active`, `pending`, `approved`, `denied`, `revoked`, or `refused` (a classic token under a fine-grained policy). */
  status: string;
  fineGrained?: FineGrainedPermissions;
}
