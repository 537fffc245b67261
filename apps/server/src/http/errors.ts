import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HttpError, RepoMovedError, type HubErrorCode } from "../domain/errors.js";
import { movedResponse } from "../http-kit/repo-moved.js";
import { insufficientStorage, isStorageFull, reportStorageFull } from "../content/storage-full.js";

export interface ErrorLogger {
  error(obj: object, msg?: string): void;
}

/** `app.onError`: known errors keep their status; anything else is logged and answered with a plain 500. */
export function errorHandler(logger: ErrorLogger) {
  return (err: Error, c: Context): Response => {
    if (err instanceof RepoMovedError) return movedResponse(err, c.req.url, c.req.method);
    const full = isStorageFull(err);
    if (full) reportStorageFull(logger, err, c.req.path);
    const error = full ? insufficientStorage() : toHttpError(err);
    if (!full && error.status >= 500 && !(err instanceof HttpError))
      logger.error({ err, path: c.req.path }, "request failed");
    for (const [name, value] of Object.entries(extraHeaders(err))) c.header(name, value);
    c.header("X-Error-Message", headerSafe(error.message));
    if (error.code) c.header("X-Error-Code", error.code);
    if (c.req.method === "HEAD") return c.body(null, error.status as ContentfulStatusCode);
    return c.json({ error: error.message, ...error.extra }, error.status as ContentfulStatusCode);
  };
}

const HUB_CODES = new Set(["RepoNotFound", "RevisionNotFound", "EntryNotFound", "GatedRepo"]);

/** Also accepts look-alike errors (the content half's own error type, hono's HTTPException). */
function toHttpError(err: Error): HttpError {
  if (err instanceof HttpError) return err;
  const { status, code } = err as { status?: unknown; code?: unknown };
  if (typeof status === "number" && status >= 400 && status < 600) {
    const hubCode = typeof code === "string" && HUB_CODES.has(code) ? (code as HubErrorCode) : undefined;
    return new HttpError(status as HttpError["status"], err.message || "Request rejected", hubCode);
  }
  return new HttpError(500, "Internal server error");
}

function extraHeaders(err: Error): Record<string, string> {
  const headers = (err as { headers?: unknown }).headers;
  if (!headers || typeof headers !== "object" || headers instanceof Headers) return {};
  return Object.fromEntries(
    Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").slice(0, 500);
}
