import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

export interface CommonHeaderOptions {
  allowHeaders: string[];
  allowMethods: string[];
  exposeHeaders: string[];
}

/**
 * CORS (the caller's origin is echoed), `X-Request-Id` and `nosniff` on every answer. Preflights go to
 * hono's cors. Other answers get their headers once the handler has answered, written into the
 * answer's own headers: touching `c.res` before the handler (as hono's cors does) makes hono copy the
 * handler's answer into a new, stream-bodied Response, which costs most of a small request's CPU.
 */
export function commonHeaders(options: CommonHeaderOptions): MiddlewareHandler {
  const preflight = cors({ origin: (origin) => origin, ...options });
  const exposed = options.exposeHeaders.join(",");
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return preflight(c, next);
    const requestId = c.req.header("X-Request-Id") ?? crypto.randomUUID();
    await next();
    const origin = c.req.header("Origin");
    const entries: [string, string][] = [];
    if (origin) entries.push(["Access-Control-Allow-Origin", origin]);
    entries.push(["Access-Control-Expose-Headers", exposed]);
    entries.push(["X-Request-Id", requestId]);
    entries.push(["X-Content-Type-Options", "nosniff"]);
    setAnswerHeaders(c, entries, ["Vary", "Origin"]);
  };
}

/** Sets headers on the answer in place; an answer with immutable headers (a proxied fetch) is rebuilt by hono. */
function setAnswerHeaders(c: Context, entries: [string, string][], appended: [string, string]): void {
  try {
    const headers = c.res.headers;
    for (const [name, value] of entries) headers.set(name, value);
    headers.append(...appended);
  } catch {
    for (const [name, value] of entries) c.header(name, value);
    c.header(...appended, { append: true });
  }
}
