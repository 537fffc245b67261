import { createHash } from "node:crypto";

/**
 * The two 32-bit halves PostgreSQL's two-argument advisory lock functions take, from a name. Advisory
 * locks are database-wide, so the schema is part of the name: hubs on other schemas never collide.
 */
export function advisoryKey(schema: string, name: string): [number, number] {
  const digest = createHash("sha256").update(`${schema}\0${name}`).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}
