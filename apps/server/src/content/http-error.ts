export type HubErrorCode = "RepoNotFound" | "RevisionNotFound" | "EntryNotFound" | "GatedRepo";

/** The one error type of the content routes; rendered as `{ "error": message }` plus `X-Error-Code`. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 411 | 412 | 413 | 415 | 416 | 422 | 500 | 501 | 507,
    message: string,
    readonly code?: HubErrorCode,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const repoNotFound = () => new HttpError(404, "Repository not found", "RepoNotFound");
export const revisionNotFound = (rev: string) =>
  new HttpError(404, `Invalid rev id: ${rev}`, "RevisionNotFound");
export const entryNotFound = (path: string, commit?: string) =>
  new HttpError(404, `Entry not found: ${path}`, "EntryNotFound", commit ? { "X-Repo-Commit": commit } : {});

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
  const body = method === "HEAD" ? null : JSON.stringify({ error: error.message });
  return new Response(body, { status: error.status, headers });
}
