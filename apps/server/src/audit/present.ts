import type { AuditAuthor, AuditEvent } from "@modelhub/api-types";
import { stringify } from "csv-stringify/sync";
import type { AuditEventTable } from "./tables.js";

function authorType(value: string): AuditAuthor["type"] {
  return value === "system" || value === "anonymous" ? value : "user";
}

function parsedData(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A stored event in the Hub's export shape (plus ModelHub's `namespace`, `seq` and chain links). */
export function auditEventJson(row: AuditEventTable): AuditEvent {
  return {
    _id: row.id,
    createdAt: row.created_at,
    type: row.type,
    data: parsedData(row.data),
    message: row.message,
    ip: row.ip,
    userAgent: row.user_agent,
    author: { _id: row.author_id, user: row.author_name, type: authorType(row.author_type) },
    ...(row.token_id
      ? {
          token: {
            type: "access_token" as const,
            id: row.token_id,
            role: row.token_role ?? "",
            last4: row.token_last4,
          },
        }
      : {}),
    namespace: row.namespace,
    seq: Number(row.seq),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export const CSV_COLUMNS = [
  "_id",
  "createdAt",
  "type",
  "message",
  "author.type",
  "author.user",
  "author._id",
  "ip",
  "userAgent",
  "token.id",
  "token.role",
  "token.last4",
  "namespace",
  "data",
  "seq",
  "prevHash",
  "hash",
] as const;

/** CSV lines of events (with the header when asked): quoted as needed, and cells that a spreadsheet would
 * run as a formula (`=…`, `+…`, `-…`, `@…`) are prefixed with a quote character. */
export function auditCsv(events: AuditEvent[], header: boolean): string {
  const records = events.map((event) => [
    event._id,
    event.createdAt,
    event.type,
    event.message,
    event.author.type,
    event.author.user ?? "",
    event.author._id ?? "",
    event.ip ?? "",
    event.userAgent ?? "",
    event.token?.id ?? "",
    event.token?.role ?? "",
    event.token?.last4 ?? "",
    event.namespace ?? "",
    JSON.stringify(event.data),
    String(event.seq),
    event.prevHash,
    event.hash,
  ]);
  return stringify(header ? [[...CSV_COLUMNS], ...records] : records, {
    escape_formulas: true,
    record_delimiter: "\r\n",
  });
}
