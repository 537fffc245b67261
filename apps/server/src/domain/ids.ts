import { randomBytes } from "node:crypto";

/** Opaque 24-hex id, the shape the Hub uses for `_id`. */
export function newId(): string {
  return randomBytes(12).toString("hex");
}

export function nowIso(): string {
  return new Date().toISOString();
}
