import { badRequest } from "../http/errors.js";

const NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** Names that would collide with web or API routes. */
const RESERVED = new Set([
  "api",
  "datasets",
  "spaces",
  "models",
  "settings",
  "tasks",
  "assets",
  "login",
  "logout",
  "join",
  "new",
  "docs",
  "search",
  "organizations",
  "collections",
  "papers",
  "static",
  "favicon.ico",
  "robots.txt",
]);

/** Checks a namespace or repo name against the Hub's id rules; returns an error message or undefined. */
export function nameProblem(kind: "namespace" | "name", value: string): string | undefined {
  if (value.length === 0) return `${kind} is required`;
  if (value.length > 96) return `${kind} must be at most 96 characters`;
  if (!NAME_PATTERN.test(value)) {
    return `${kind} "${value}" may only contain letters, digits, "-", "_" and ".", and must start and end with a letter or digit`;
  }
  if (value.includes("--") || value.includes("..")) return `${kind} "${value}" must not contain "--" or ".."`;
  if (value.toLowerCase().endsWith(".git")) return `${kind} "${value}" must not end with ".git"`;
  if (kind === "namespace" && RESERVED.has(value.toLowerCase())) return `"${value}" is a reserved name`;
  return undefined;
}

export function assertValidName(kind: "namespace" | "name", value: string): void {
  const problem = nameProblem(kind, value);
  if (problem) throw badRequest(`Invalid repo id: ${problem}`);
}
