/**
 * The hub's one error type. Any layer throws it; the HTTP layer renders it as `{ "error": message }`
 * with its status, `X-Error-Code` and any extra headers. Imports nothing of the app.
 */

/** Error codes the Hub clients read from `X-Error-Code`. */
export type HubErrorCode =
  | "RepoNotFound"
  | "RevisionNotFound"
  | "EntryNotFound"
  | "GatedRepo"
  /** The dataset viewer's answer while a result is still being computed: retry shortly. */
  | "ResponseNotReady"
  /** The password was right; the account's second factor (TOTP or recovery code) is needed too. */
  | "TwoFactorRequired";

/** The statuses the hub answers errors with. */
export type ErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 414
  | 415
  | 416
  | 422
  | 423
  | 428
  | 429
  | 431
  | 451
  | 500
  | 501
  | 502
  | 503
  | 504
  | 507;

/**
 * An intended answer, thrown on every refused request: a 4xx carries no stack trace (capturing one
 * costs the event loop microseconds per refusal, and nobody reads it); a 5xx keeps its stack for the log.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly code?: HubErrorCode,
    /** Response headers the error carries (e.g. `WWW-Authenticate`, `Content-Range`, `Retry-After`). */
    readonly headers: Record<string, string> = {},
    /** Extra JSON fields of the error body (e.g. `url` on a 409 from repo creation). */
    readonly extra?: Record<string, unknown>,
  ) {
    const depth = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = depth;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Invalid credentials in Authorization header") =>
  new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string, code?: HubErrorCode) => new HttpError(404, message, code);
export const repoNotFound = (message = "Repository not found. Check the id, or sign in if it is private.") =>
  new HttpError(404, message, "RepoNotFound");
/**
 * A repo the viewer cannot see (missing or private). Anonymous callers get 401 like the Hub, so a
 * client knows signing in may help; the same answer for missing and private repos reveals nothing.
 */
export const hiddenRepo = (anonymous: boolean, message?: string) =>
  anonymous
    ? new HttpError(401, message ?? "Repository not found. Sign in if it is private.", "RepoNotFound")
    : repoNotFound(message);
export const revisionNotFound = (rev: string) =>
  new HttpError(404, `Invalid rev id: ${rev}`, "RevisionNotFound");
export const entryNotFound = (path: string, commit?: string) =>
  new HttpError(404, `Entry not found: ${path}`, "EntryNotFound", commit ? { "X-Repo-Commit": commit } : {});
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, undefined, {}, extra);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unprocessable = (message: string) => new HttpError(422, message);

/**
 * Thrown by repo look-ups when the requested id is an old name of a renamed repo the viewer may read;
 * the HTTP layer answers it with a redirect to the same path under the new id.
 */
export class RepoMovedError extends Error {
  constructor(
    readonly fromId: string,
    readonly toId: string,
  ) {
    super(`Repository ${fromId} was renamed to ${toId}`);
  }
}

/** Every write to a mirrored repo (API, LFS, git push, settings) is refused with this. */
export const mirrorReadOnly = (repo: { id: string; mirror?: { upstream: string } }) =>
  new HttpError(
    403,
    `${repo.id} is a read-only mirror of ${repo.mirror?.upstream ?? "an upstream hub"}: change it there; this hub refreshes it from the upstream`,
  );

/** A setting (environment, flag or config file) that cannot be used: the hub does not start. */
export class ConfigError extends Error {}
