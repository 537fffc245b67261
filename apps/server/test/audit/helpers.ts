import type { AuditEvent, AuditPage } from "@modelhub/api-types";
import { runCli } from "../../src/cli/run.js";
import type { TestHub } from "../platform/helpers/test-hub.js";

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export interface Credentials {
  token?: string;
  /** A web session: the cookie and its CSRF token. */
  session?: { cookie: string; csrf: string };
}

/** One request to the hub with a token or a session; the answer's JSON (or text) and headers. */
export async function call(
  hub: TestHub,
  method: string,
  path: string,
  who: Credentials = {},
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${hub.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined && typeof body !== "string" ? { "Content-Type": "application/json" } : {}),
      ...(who.token ? { Authorization: `Bearer ${who.token}` } : {}),
      ...(who.session ? { Cookie: who.session.cookie, "X-CSRF-Token": who.session.csrf } : {}),
      "User-Agent": "audit-test/1",
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** `call` that must answer 2xx. */
export async function ok(
  hub: TestHub,
  method: string,
  path: string,
  who: Credentials = {},
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const answer = await call(hub, method, path, who, body, headers);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  return answer;
}

/** Signs in on the web API; the session cookie and CSRF token. */
export async function signIn(
  hub: TestHub,
  body: unknown,
): Promise<{ cookie: string; csrf: string; status: number }> {
  const answer = await call(hub, "POST", "/api/login", {}, body);
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0];
  const csrf = (answer.body as { csrfToken?: string }).csrfToken ?? "";
  return { cookie, csrf, status: answer.status };
}

/** Runs a `modelhub` command in this process against the hub's data folder (and its PostgreSQL schema). */
export async function cli(
  hub: TestHub,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const previous = process.env.MODELHUB_DATABASE_SCHEMA;
  if (hub.schema) process.env.MODELHUB_DATABASE_SCHEMA = hub.schema;
  try {
    const code = await runCli(
      [...argv, "--data", hub.dataDir],
      {
        MODELHUB_LOG_LEVEL: "silent",
        ...(hub.config.databaseUrl ? { DATABASE_URL: hub.config.databaseUrl } : {}),
      },
      { out: (text) => out.push(text), err: (text) => err.push(text) },
    );
    return { code, out: out.join("\n"), err: err.join("\n") };
  } finally {
    if (previous === undefined) delete process.env.MODELHUB_DATABASE_SCHEMA;
    else process.env.MODELHUB_DATABASE_SCHEMA = previous;
  }
}

/** Every event of the hub through the admin API's cursor pages (newest first). */
export async function adminEvents(hub: TestHub, adminToken: string, q = ""): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const params = new URLSearchParams({ q, limit: "100", ...(cursor ? { cursor } : {}) });
    const page = (await ok(hub, "GET", `/api/admin/audit-log?${params.toString()}`, { token: adminToken }))
      .body as AuditPage;
    events.push(...page.events);
    cursor = page.nextCursor;
  }
  return events;
}
