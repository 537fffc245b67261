import type { PlatformRouteDeps } from "../../platform/http/route-deps.js";
import type { CompanySignIn } from "../company-sign-in.js";

/** What the company sign-in routes take of the app's dependencies: the core services and sign-in itself. */
export interface SsoRouteDeps extends PlatformRouteDeps {
  sso: CompanySignIn;
}
