import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { forbiddenAddressReason, isAllowedHost } from "./address-policy.js";
import type { WebhookSettings } from "./settings.js";
import { targetOf } from "./target-url.js";

/** What one attempt to deliver a payload came to. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number;
}

class RefusedAddress extends Error {}

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
      if (list.length === 0) return callback(new Error(`${host} has no address`), "", 4);
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
      return Promise.resolve(done({ ok: false, status: null, error: `refused: ${reason}`, excerpt: null }));
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
      const refused = err instanceof RefusedAddress;
      finish({
        ok: false,
        status: null,
        error: refused ? `refused: ${err.message}` : err.message,
        excerpt: null,
      });
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
