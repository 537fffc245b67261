import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { SignInProviders } from "@modelhub/api-types";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { SsoRouteDeps } from "./route-deps.js";
import { clientAddress } from "../../http-kit/client-address.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requestBase } from "../../http-kit/request-base.js";
import { SESSION_COOKIE, secureCookies, setSessionCookie } from "../../platform/http/session-cookie.js";
import { HttpError, notFound } from "../../domain/errors.js";
import type { CompanySignIn } from "../company-sign-in.js";
import { AccountDisabledError } from "../identities.js";
import { OidcSignInError } from "../oidc.js";
import { SamlSignInError } from "../saml.js";
import { boundedBody } from "../../http-kit/body-limit.js";

/** Binds an OIDC flow to the browser that began it (Lax: it must come back on the IdP's redirect). */
const FLOW_COOKIE = "modelhub_sso_flow";
const FLOW_COOKIE_SECONDS = 600;
const ACS_MAX_BYTES = 1024 * 1024;

/** Only same-site paths: an absolute URL here would turn sign-in into an open redirect. */
export function safeNext(value: string | undefined | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") ? value : "/";
}

/** A failed browser sign-in: back to the sign-in page with the reason (JSON 400 for API callers). */
function failure(c: Context<AppEnv>, message: string, status: 400 | 403 = 400): Response {
  const accept = c.req.header("Accept") ?? "";
  if (accept.includes("text/html")) return c.redirect(`/login?error=${encodeURIComponent(message)}`, 303);
  throw new HttpError(status, message);
}

/**
 * The browser side of company sign-in: the providers the sign-in page shows, OpenID Connect
 * (`/auth/oidc/login` → IdP → `/auth/oidc/callback`) and SAML (`/auth/saml/login` → IdP → POST
 * `/auth/saml/acs`, SP metadata at `/auth/saml/metadata`).
 */
export function authRoutes(deps: SsoRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const sso = deps.sso;
  app.use("/auth/*", noStore);

  app.get("/api/auth/providers", (c) => c.json(sso.providers() satisfies SignInProviders));

  const base = (c: Context<AppEnv>) => requestBase(c, deps.configuredPublicUrl);

  const signedIn = async (
    c: Context<AppEnv>,
    run: () => Promise<{
      user: Parameters<CompanySignIn["openSession"]>[0];
      method: "oidc" | "saml";
      next: string;
      idpLogout?: string;
    }>,
  ) => {
    let result;
    try {
      result = await run();
    } catch (err) {
      const message = (err as Error).message;
      const known = err instanceof OidcSignInError || err instanceof SamlSignInError;
      if (err instanceof AccountDisabledError) {
        sso.events.record({
          type: "sign-in-failed",
          method: "sso",
          reason: "account disabled",
          address: clientAddress(c),
        });
        return failure(c, message, 403);
      }
      if (!known) throw err;
      sso.events.record({
        type: "sign-in-failed",
        method: "sso",
        reason: message,
        address: clientAddress(c),
      });
      deps.logger.warn({ reason: message }, "company sign-in refused");
      return failure(c, message);
    }
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await sso.sessions.end(previous);
    const { secret } = await sso.openSession(
      result.user,
      result.method,
      c.req.header("User-Agent"),
      clientAddress(c),
      result.idpLogout,
    );
    setSessionCookie(c, secret, deps.configuredPublicUrl);
    return c.redirect(safeNext(result.next), 303);
  };

  app.get("/auth/oidc/login", async (c) => {
    if (!sso.oidc) throw notFound("OpenID Connect sign-in is not configured on this hub");
    const redirectUri = `${base(c)}/auth/oidc/callback`;
    let started;
    try {
      started = await sso.oidc.start(redirectUri, safeNext(c.req.query("next")));
    } catch (err) {
      if (err instanceof OidcSignInError) throw new HttpError(502, err.message);
      throw err;
    }
    setCookie(c, FLOW_COOKIE, started.flowId, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/auth/",
      secure: secureCookies(c, deps.configuredPublicUrl),
      maxAge: FLOW_COOKIE_SECONDS,
    });
    return c.redirect(started.url, 302);
  });

  app.get("/auth/oidc/callback", async (c) => {
    if (!sso.oidc) throw notFound("OpenID Connect sign-in is not configured on this hub");
    const oidc = sso.oidc;
    const flowId = getCookie(c, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: "/auth/" });
    return signedIn(c, async () => {
      const { profile, next, idToken } = await oidc.finish(flowId, new URL(c.req.url));
      const user = await sso.accountFor(profile);
      return { user, method: "oidc", next, idpLogout: idToken ? JSON.stringify({ idToken }) : undefined };
    });
  });

  const samlUrls = (c: Context<AppEnv>) => ({
    entityId: `${base(c)}/auth/saml/metadata`,
    acs: `${base(c)}/auth/saml/acs`,
  });

  app.get("/auth/saml/metadata", async (c) => {
    if (!sso.saml) throw notFound("SAML sign-in is not configured on this hub");
    const urls = samlUrls(c);
    c.header("Content-Type", "application/samlmetadata+xml; charset=utf-8");
    return c.body(await sso.saml.spMetadata(urls.entityId, urls.acs));
  });

  app.get("/auth/saml/login", async (c) => {
    if (!sso.saml) throw notFound("SAML sign-in is not configured on this hub");
    const urls = samlUrls(c);
    try {
      return c.redirect(await sso.saml.start(urls.entityId, urls.acs, safeNext(c.req.query("next"))), 302);
    } catch (err) {
      if (err instanceof SamlSignInError) throw new HttpError(502, err.message);
      throw err;
    }
  });

  app.post(
    "/auth/saml/acs",
    boundedBody(ACS_MAX_BYTES, `A SAML response may be at most ${ACS_MAX_BYTES} bytes`),
    async (c) => {
      if (!sso.saml) throw notFound("SAML sign-in is not configured on this hub");
      const saml = sso.saml;
      const type = c.req.header("Content-Type") ?? "";
      if (!type.startsWith("application/x-www-form-urlencoded"))
        throw new HttpError(415, "The SAML response must be a form POST (application/x-www-form-urlencoded)");
      const form = new URLSearchParams(await c.req.text());
      const urls = samlUrls(c);
      return signedIn(c, async () => {
        const { profile, relayState } = await saml.finish(urls.entityId, urls.acs, {
          SAMLResponse: form.get("SAMLResponse") ?? undefined,
          RelayState: form.get("RelayState") ?? undefined,
        });
        const user = await sso.accountFor(profile);
        return { user, method: "saml", next: relayState };
      });
    },
  );

  return app;
}
