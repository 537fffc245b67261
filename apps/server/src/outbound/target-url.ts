import { isIP } from "node:net";
import { badRequest } from "../domain/errors.js";
import { forbiddenAddressReason, isAllowedHost } from "./address-policy.js";

const MAX_URL_LENGTH = 2048;

/** A delivery target as it is dialled: scheme, host as written, port, and the literal IP if the host is one. */
export interface Target {
  url: URL;
  host: string;
  port: number;
  literalIp?: string;
}

export function targetOf(url: URL): Target {
  const host = url.hostname.toLowerCase();
  const port = url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  return { url, host, port, literalIp: isIP(bare) !== 0 ? bare : undefined };
}

/** How messages name the URL and the setting that exempts private hosts (the audit stream reuses the rule). */
export interface TargetNames {
  what: string;
  allowSetting: string;
  /** Where a credential goes instead of the URL. */
  credentialsHint: string;
}

const WEBHOOK_NAMES: TargetNames = {
  what: "The webhook URL",
  allowSetting: "MODELHUB_WEBHOOK_ALLOW_HOSTS",
  credentialsHint: "use the webhook secret",
};

/**
 * Checks a webhook URL when it is saved: http(s) only, no credentials, and no literal private address
 * (names are resolved, and checked again, at each delivery). Answers 400 with the reason.
 */
export function validateTargetUrl(
  raw: string,
  allowHosts: readonly string[],
  names: TargetNames = WEBHOOK_NAMES,
): string {
  const what = names.what;
  if (raw.length > MAX_URL_LENGTH) throw badRequest(`${what} is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${what} "${raw}" is not a valid absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw badRequest(`${what} must use http or https, not ${url.protocol.replace(/:$/, "")}`);
  if (url.username !== "" || url.password !== "")
    throw badRequest(`${what} must not carry credentials (user:password@); ${names.credentialsHint}`);
  if (url.hostname === "") throw badRequest(`${what} has no host`);
  const target = targetOf(url);
  if (target.literalIp !== undefined && !isAllowedHost(allowHosts, target.host, target.port)) {
    const reason = forbiddenAddressReason(target.literalIp);
    if (reason)
      throw badRequest(
        `${what} points at a private address (${reason}); the hub's operator can allow it with ${names.allowSetting}`,
      );
  }
  return url.toString();
}
