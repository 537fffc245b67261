import type { HttpError } from "../../domain/errors.js";

/** Builds the JSON error response (HEAD requests get headers only). */
export function errorResponse(error: HttpError, method: string): Response {
  const headers = new Headers(error.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  // Header values are bytes: anything outside printable ASCII (e.g. a unicode path) is escaped.
  const headerMessage = error.message
    .replace(/[\r\n]+/g, " ")
    .replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  headers.set("X-Error-Message", headerMessage.slice(0, 500));
  if (error.code) headers.set("X-Error-Code", error.code);
  const body = method === "HEAD" ? null : JSON.stringify({ error: error.message, ...error.extra });
  return new Response(body, { status: error.status, headers });
}
