import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A fresh `hf_`-prefixed token: the official clients refuse tokens without that prefix. */
export function generateToken(): string {
  const bytes = randomBytes(34);
  let body = "";
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `hf_${body}`;
}

/** Tokens are stored only as this digest. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function tokenPrefix(token: string): string {
  return `${token.slice(0, 7)}…`;
}

/** Whether a token's optional expiry has passed. */
export function tokenExpired(row: { expires_at: string | null }, now = Date.now()): boolean {
  return row.expires_at !== null && Date.parse(row.expires_at) <= now;
}
