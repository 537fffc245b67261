import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** One audit event (migration 0130). `seq` orders the hash chain; `data` is JSON text. */
export interface AuditEventTable {
  seq: number;
  /** 24-hex id, the export's `_id`. */
  id: string;
  /** ISO-8601; never smaller than the previous event's, so date ranges are seq ranges. */
  created_at: string;
  type: string;
  /** The organisation or user the event concerns (the org export filters on it). */
  namespace: string | null;
  author_id: string | null;
  author_name: string | null;
  author_type: string;
  token_id: string | null;
  token_type: string | null;
  token_role: string | null;
  token_last4: string | null;
  ip: string | null;
  user_agent: string | null;
  message: string;
  data: string;
  prev_hash: string;
  hash: string;
}

/** The chain's head (one row, id 1): the last event's seq, hash and time, signed with the hub's key. */
export interface AuditChainTable {
  id: number;
  seq: number;
  hash: string;
  created_at: string;
  mac: string;
}

/** What retention removed (one row, id 1): events 1…through_seq, signed so `audit verify` trusts it. */
export interface AuditRetentionTable {
  id: number;
  through_seq: number;
  through_hash: string;
  through_created_at: string;
  pruned: number;
  signed_at: string;
  mac: string;
}

/** How far a streaming sink got (the last seq it acknowledged). */
export interface AuditStreamCursorTable {
  sink: string;
  last_seq: number;
  updated_at: string;
  failures: number;
  last_error: string | null;
}

export type AuditTables = {
  audit_events: AuditEventTable;
  audit_chain: AuditChainTable;
  audit_retention: AuditRetentionTable;
  audit_stream_cursors: AuditStreamCursorTable;
};

export type AuditDb = Kysely<Database & AuditTables>;

/** The hub's database with the audit tables in view (their types live with this module). */
export function auditTables(db: Kysely<Database>): AuditDb {
  return db.withTables<AuditTables>();
}
