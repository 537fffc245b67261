import type { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { SsoRouteDeps } from "./route-deps.js";
import { authRoutes } from "./auth-routes.js";
import { orgSsoRoutes } from "./org-sso-routes.js";
import { scimRoutes } from "./scim-routes.js";
import { twoFactorRoutes } from "./two-factor-routes.js";

/**
 * Company sign-in's route groups:
 *
 * | group    | routes                                                                                  |
 * |----------|-----------------------------------------------------------------------------------------|
 * | auth     | GET /api/auth/providers, GET /auth/oidc/login, GET /auth/oidc/callback,                  |
 * |          | GET /auth/saml/metadata, GET /auth/saml/login, POST /auth/saml/acs                       |
 * | 2fa      | GET /api/settings/2fa, POST …/setup, …/enable, …/disable, …/recovery-codes              |
 * | org sso  | GET/PUT /api/organizations/:org/settings/sso, GET/POST/DELETE …/settings/scim-tokens[/:id] |
 * | scim     | /api/organizations/:org/scim/v2/{Users,Groups,ServiceProviderConfig,ResourceTypes,Schemas} |
 */
export function companySignInRoutes(deps: SsoRouteDeps): Hono<AppEnv>[] {
  return [authRoutes(deps), twoFactorRoutes(deps), orgSsoRoutes(deps), scimRoutes(deps)];
}
