import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { AuditChainTable, AuditEventTable, AuditRetentionTable } from "./tables.js";

/** `prev_hash` of the first event of a hub. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * The hash of an event: SHA-256 over the previous event's hash and every stored field in a fixed order
 * (JSON, so no field can bleed into the next). The order of events is the chain of `prev_hash` links,
 * not `seq` (a local position, left out): a moved event keeps a valid hash of its own but breaks the links
 * around it, which is how `audit verify` tells a reordering from an edit. Anyone holding an export can
 * check the chain; only the head and the retention summary need the hub's key (`headMac`, `retentionMac`).
 */
export function eventHash(row: Omit<AuditEventTable, "hash" | "seq">): string {
  const fields = JSON.stringify([
    row.id,
    row.created_at,
    row.type,
    row.namespace,
    row.author_id,
    row.author_name,
    row.author_type,
    row.token_id,
    row.token_type,
    row.token_role,
    row.token_last4,
    row.ip,
    row.user_agent,
    row.message,
    row.data,
  ]);
  return createHash("sha256").update(`${row.prev_hash}\n${fields}`).digest("hex");
}

function mac(key: Buffer, kind: string, fields: unknown[]): string {
  return createHmac("sha256", key)
    .update(`${kind}\n${JSON.stringify(fields)}`)
    .digest("hex");
}

/** Signs the chain's head: a database-only edit cannot drop the newest events without breaking it. */
export function headMac(key: Buffer, head: Pick<AuditChainTable, "seq" | "hash" | "created_at">): string {
  return mac(key, "modelhub-audit-head", [Number(head.seq), head.hash, head.created_at]);
}

/** Signs the summary that stands in for the events retention removed. */
export function retentionMac(
  key: Buffer,
  summary: Pick<AuditRetentionTable, "through_seq" | "through_hash" | "through_created_at" | "pruned">,
): string {
  return mac(key, "modelhub-audit-retention", [
    Number(summary.through_seq),
    summary.through_hash,
    summary.through_created_at,
    Number(summary.pruned),
  ]);
}

export function sameMac(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
