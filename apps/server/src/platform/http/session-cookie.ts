import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../../http-kit/contracts.js";
import { requestBase } from "../../http-kit/request-base.js";
import { DEFAULT_WEB_SESSION_LIMITS } from "../web-sessions.js";

/** The browser's sign-in cookie (HttpOnly: page scripts never see it). */
export const SESSION_COOKIE = "modelhub_session";

/** Whether cookies of this hub must be `Secure` (it is reached over https). */
export function secureCookies(c: Context<AppEnv>, configuredPublicUrl: string | undefined): boolean {
  return requestBase(c, configuredPublicUrl).startsWith("https:");
}

/** The browser session cookie: HttpOnly, SameSite=Strict, Path=/, Secure over https. */
export function setSessionCookie(
  c: Context<AppEnv>,
  secret: string,
  configuredPublicUrl: string | undefined,
): void {
  setCookie(c, SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: "Strict",
    path: "/",
    secure: secureCookies(c, configuredPublicUrl),
    maxAge: Math.floor(DEFAULT_WEB_SESSION_LIMITS.maxAgeMs / 1000),
  });
}
