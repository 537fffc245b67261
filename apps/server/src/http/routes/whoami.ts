import type { WhoAmI } from "@modelhub/api-types";
import type { TokenRow } from "../../platform/accounts.js";

type WhoAmIAccessToken = Extract<WhoAmI["auth"], { type: "access_token" }>["accessToken"];
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { bearerToken } from "../../http-kit/bearer-token.js";
import { unauthorized } from "../../domain/errors.js";
import { tokenJson } from "./tokens.js";

/** The token as whoami-v2 reports it (`role`, and for fine-grained tokens `fineGrained` as given). */
function accessTokenJson(row: TokenRow): WhoAmIAccessToken {
  const { displayName, role, createdAt, expiresAt, fineGrained } = tokenJson(row);
  return {
    displayName,
    role,
    createdAt,
    ...(expiresAt ? { expiresAt } : {}),
    ...(fineGrained ? { fineGrained } : {}),
  };
}

/** `GET /api/whoami-v2`: the token's (or web session's) user, orgs and the credential (clients read `auth`). */
export function whoamiRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/whoami-v2", async (c) => {
    c.header("Cache-Control", "no-store");
    const token = bearerToken(c.req.header("Authorization"));
    const resolved = token ? await deps.accounts.resolveToken(token) : undefined;
    // without a token, the web session cookie (the auth middleware already checked it)
    const sessionUser =
      !token && c.var.viewer.user ? await deps.accounts.findUser(c.var.viewer.user) : undefined;
    const user = resolved?.user ?? sessionUser;
    if (!user) throw unauthorized();
    const tokenRow = resolved?.token;
    const orgs = await deps.accounts.orgsOf(user.name);
    return c.json({
      type: "user",
      id: user.id,
      name: user.name,
      fullname: user.fullname,
      email: user.email ?? "",
      emailVerified: user.email !== null,
      avatarUrl: "",
      isPro: false,
      canPay: false,
      periodEnd: null,
      billingMode: "postpaid",
      isAdmin: user.is_admin === 1,
      orgs: orgs.map((org) => ({
        type: "org",
        id: org.id,
        name: org.name,
        fullname: org.fullname,
        email: "",
        avatarUrl: "",
        canPay: false,
        periodEnd: null,
        roleInOrg: org.role,
      })),
      auth: tokenRow
        ? {
            type: "access_token",
            accessToken: accessTokenJson(tokenRow),
          }
        : { type: "web_session" },
    } satisfies WhoAmI);
  });
  return app;
}
