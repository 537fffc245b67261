import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** JSON answers smaller than this go out as they are: compressing them saves less than it costs. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

const JSON_TYPE = /^application\/json\b/i;

/**
 * gzip for JSON API answers of at least 1 KiB when the client accepts it. Mounted on `/api/*` only:
 * file downloads, LFS, git smart-HTTP and the inference gateway's streams live elsewhere, and only
 * `application/json` bodies qualify. Hono's compress leaves HEAD, 206 and already-encoded answers
 * alone and turns a strong ETag weak, since the bytes on the wire differ.
 */
export function jsonCompression(): MiddlewareHandler {
  const gzip = compress({
    encoding: "gzip",
    threshold: JSON_COMPRESSION_THRESHOLD,
    contentTypeFilter: JSON_TYPE,
  });
  return (c, next) => {
    // Clients that take no gzip get the answer untouched (no buffering); identity suits every cache.
    if (!/gzip|\*/i.test(c.req.header("Accept-Encoding") ?? "")) return next();
    jsonWithLength(c);
    return gzip(c, async () => {
      await next();
      // JSON made without c.json (c.body with a JSON type, a cached answer) has no Content-Length yet:
      // read it once and give it one, so the threshold applies.
      const res = c.res;
      if (
        c.req.method === "HEAD" ||
        !JSON_TYPE.test(res.headers.get("Content-Type") ?? "") ||
        res.headers.has("Content-Length") ||
        res.headers.has("Content-Encoding") ||
        !res.body
      )
        return;
      const body = new Uint8Array(await res.arrayBuffer());
      c.res = new Response(body, res);
      c.res.headers.set("Content-Length", String(body.length));
    });
  };
}

type StatusOrInit = number | ResponseInit;
type HeaderFields = Record<string, string | string[]>;
type JsonArguments = [object: unknown, arg?: StatusOrInit, headers?: HeaderFields];

/**
 * Makes this request's `c.json` state its `Content-Length` (it serialises anyway, so the size is known).
 * Without it the threshold check below had to read the body back out of the answer, which turns
 * @hono/node-server's light string answer into a stream-bodied Response and its fast write into the
 * slow one: a third of a small JSON call's CPU (0.57 against 0.35 ms per /api/whoami-v2). An answer
 * that is compressed drops the length again (hono's compress does).
 */
function jsonWithLength(c: Context): void {
  const original = c.json.bind(c) as unknown as (...args: JsonArguments) => Response;
  const body = c.body.bind(c) as unknown as (
    data: string,
    arg?: StatusOrInit,
    headers?: HeaderFields,
  ) => Response;
  const withLength = (...[object, arg, headers]: JsonArguments): Response => {
    const text = JSON.stringify(object) as string | undefined;
    if (typeof text !== "string") return original(object, arg, headers);
    return body(text, arg, {
      "Content-Type": "application/json",
      ...headers,
      "Content-Length": String(Buffer.byteLength(text)),
    });
  };
  (c as unknown as { json: typeof withLength }).json = withLength;
}
