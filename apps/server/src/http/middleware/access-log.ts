import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../platform/logger.js";
import type { AppEnv } from "../../http-kit/contracts.js";

/** Error codes of expected, retryable answers (a dataset still converting): not server failures. */
const EXPECTED_UNAVAILABLE = new Set(["ResponseNotReady"]);

/**
 * Inference calls (POST /v1/…, /hf-inference/…) change nothing in the hub and each leaves a row in
 * inference_usage: logged like reads, so a busy model does not pay a synchronous log write per call.
 */
function isInferenceCall(path: string): boolean {
  return path.startsWith("/v1/") || path.startsWith("/hf-inference/");
}

/**
 * One structured line per request: server failures at error, writes, client errors and expected
 * "not ready yet" 503s at info, plain reads and successful inference calls at debug.
 */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(performance.now() - started),
      user: c.var.viewer?.user,
    };
    const read =
      c.req.method === "GET" ||
      c.req.method === "HEAD" ||
      c.req.method === "OPTIONS" ||
      isInferenceCall(c.req.path);
    const expected = status === 503 && EXPECTED_UNAVAILABLE.has(c.res.headers.get("X-Error-Code") ?? "");
    if (status >= 500 && !expected) logger.error(entry, "request failed");
    else if (!read || status >= 400) logger.info(entry, "request");
    else logger.debug(entry, "request");
  };
}
