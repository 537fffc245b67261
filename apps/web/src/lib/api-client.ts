import { ApiError } from "./api-error.js";
import { readCsrfToken } from "./credentials.js";

/** A page of a paginated listing: items plus the `Link` rel="next" URL when more exist. */
export interface Page<T> {
  items: T[];
  nextUrl?: string;
  total?: number;
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A bearer token to send instead of the session cookie; `null` sends no credentials at all. */
  token?: string | null;
}

export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  return url.origin === window.location.origin ? url.pathname + url.search : url.toString();
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = response.headers.get("X-Error-Message") ?? "";
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object") {
      const fields = body as { error?: unknown; message?: unknown };
      const text = typeof fields.error === "string" ? fields.error : fields.message;
      if (typeof text === "string" && text) message = text;
    }
  } catch {
    // Not JSON: keep the header message or the status text.
  }
  return new ApiError(
    response.status,
    message || response.statusText || `HTTP ${response.status}`,
    response.headers.get("X-Error-Code") ?? undefined,
  );
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const csrf = readCsrfToken();
  if (csrf && options.token === undefined && !SAFE_METHODS.has(method.toUpperCase()))
    headers["X-CSRF-Token"] = csrf;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      // the session cookie goes to this hub only; `token: null` requests (signed URLs) send none
      credentials: options.token === null ? "omit" : "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "The hub could not be reached. Check your connection and try again.");
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

export async function requestText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(path, options);
  return response.text();
}

/** The `rel="next"` target of a `Link` header, if any. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /^<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (match && /rel="?next"?/.test(match[2])) return match[1];
  }
  return undefined;
}

export async function requestPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const response = await send(path, options);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get("X-Total-Count") ?? Number.NaN);
  return {
    items,
    nextUrl: nextLink(response.headers.get("Link")),
    total: Number.isFinite(total) ? total : undefined,
  };
}
