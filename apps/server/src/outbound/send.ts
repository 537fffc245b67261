import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { forbiddenAddressReason, isAllowedHost, REFUSED_ADDRESS } from "./address-policy.js";
import type { WebhookSettings } from "./settings.js";
import { targetOf } from "./target-url.js";

/** What one attempt to deliver a payload came to. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number;
  /** For the operator's log only (never stored or shown to the webhook's owner): what was refused and why. */
  detail?: string;
}

class RefusedAddress extends Error {}

/** The delivery log's line for a refused target: the same whatever the name resolved to, or whether it did. */
const REFUSED = `refused: ${REFUSED_ADDRESS}`;

/**
 * Name-resolution failures say whether an internal name exists: to the webhook's owner they read like
 * a refused address. Other network errors are told by kind, never with an address or a resolver's text.
 */
const RESOLUTION_ERRORS = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME"]);
const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "the receiver refused the connection",
  ECONNRESET: "the receiver closed the connection",
  EHOSTUNREACH: "the receiver's host is unreachable",
  ENETUNREACH: "the receiver's network is unreachable",
  ETIMEDOUT: "the connection timed out",
  EPIPE: "the receiver closed the connection",
  EPROTO: "TLS handshake failed",
};

function ownerError(err: Error): string {
  if (err instanceof RefusedAddress) return REFUSED;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (RESOLUTION_ERRORS.has(code)) return REFUSED;
    if (NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
    if (code.startsWith("ERR_TLS") || code.includes("CERT")) return `TLS error (${code})`;
    return `connection failed (${code})`;
  }
  return "connection failed";
}

/**
 * A DNS lookup that refuses names resolving to a forbidden address. The socket connects to the address
 * this returns, so what was checked is what is dialled (no second lookup a rebinding name could change).
 */
function guardedLookup(host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 4);
      const list = addresses.length > 0 ? addresses : [];
      for (const entry of list) {
        const reason = forbiddenAddressReason(entry.address);
        if (reason) return callback(new RefusedAddress(`${host} resolves to ${reason}`), "", 4);
      }
      if (list.length === 0) return callback(new RefusedAddress(`${host} has no address`), "", 4);
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}

/**
 * POSTs `body` to `rawUrl` once: private addresses refused unless allowed, no redirect followed, the whole
 * attempt bounded by the timeout and at most `maxResponseBytes` of the answer read. Never throws.
 */
export function sendPayload(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  settings: WebhookSettings,
): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, "durationMs">): SendResult => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve(done({ ok: false, status: null, error: "invalid URL", excerpt: null }));
  }
  const target = targetOf(url);
  const allowed = isAllowedHost(settings.allowHosts, target.host, target.port);
  if (!allowed && target.literalIp !== undefined) {
    const reason = forbiddenAddressReason(target.literalIp);
    if (reason)
      return Promise.resolve(
        done({ ok: false, status: null, error: REFUSED, excerpt: null, detail: `refused: ${reason}` }),
      );
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(result));
    };
    const request = client.request(url, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent: false,
      lookup: allowed ? undefined : guardedLookup(target.host),
    });
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: `no answer within ${settings.timeoutMs} ms`, excerpt: null });
      request.destroy();
    }, settings.timeoutMs);
    request.on("error", (err) => {
      finish({ ok: false, status: null, error: ownerError(err), excerpt: null, detail: err.message });
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const close = () => {
        const excerpt = Buffer.concat(chunks).subarray(0, settings.maxResponseBytes).toString("utf8");
        const redirect = status >= 300 && status < 400;
        const error = redirect
          ? `redirect to ${response.headers.location ?? "(no Location)"} not followed`
          : status >= 200 && status < 300
            ? null
            : `the receiver answered ${status}`;
        finish({ ok: error === null, status, error, excerpt });
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= settings.maxResponseBytes) close();
      });
      response.on("end", close);
      response.on("error", close);
    });
    request.end(body);
  });
}
