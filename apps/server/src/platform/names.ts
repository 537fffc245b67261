import { badRequest } from "../domain/errors.js";

const NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/**
 * Names the hub itself uses, reserved for users and orgs (compared lower-cased): top-level segments of
 * the web app and the API, the site admin account MODELHUB_ADMIN_TOKEN creates, and files at the root.
 */
export const RESERVED_NAMESPACES: ReadonlySet<string> = new Set([
  "admin",
  "administrator",
  "api",
  "assets",
  "auth",
  "collections",
  "datasets",
  "docs",
  "favicon.ico",
  "git",
  "health",
  "help",
  "index.html",
  "join",
  "kernels",
  "login",
  "logout",
  "me",
  "models",
  "new",
  "oauth",
  "organizations",
  "orgs",
  "papers",
  "resolve",
  "robots.txt",
  "search",
  "session",
  "sessions",
  "settings",
  "signup",
  "spaces",
  "static",
  "tasks",
  "tokens",
  "user",
  "users",
  "v1",
  "v2",
  "whoami",
  "whoami-v2",
]);

export function isReservedNamespace(name: string): boolean {
  return RESERVED_NAMESPACES.has(name.toLowerCase());
}

/** Checks a namespace or repo name against the Hub's id rules; returns an error message or undefined. */
export function nameProblem(
  kind: "namespace" | "name",
  value: string,
  options: { allowReserved?: boolean } = {},
): string | undefined {
  if (value.length === 0) return `${kind} is required`;
  if (value.length > 96) return `${kind} must be at most 96 characters`;
  if (!NAME_PATTERN.test(value)) {
    return `${kind} "${value}" may only contain letters, digits, "-", "_" and ".", and must start and end with a letter or digit`;
  }
  if (value.includes("--") || value.includes("..")) return `${kind} "${value}" must not contain "--" or ".."`;
  if (value.toLowerCase().endsWith(".git")) return `${kind} "${value}" must not end with ".git"`;
  if (kind === "namespace" && !options.allowReserved && isReservedNamespace(value))
    return `"${value}" is a reserved name (the hub uses it for its own pages)`;
  return undefined;
}

export function assertValidName(kind: "namespace" | "name", value: string): void {
  const problem = nameProblem(kind, value);
  if (problem) throw badRequest(`Invalid repo id: ${problem}`);
}
