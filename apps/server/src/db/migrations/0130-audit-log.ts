import { sql, type Kysely, type Migration } from "kysely";

const GENESIS_HASH = "0".repeat(64);

/**
 * The audit log: one row per security-relevant event, chained by hash (`prev_hash` is the hash of the
 * event before it), the chain's head (one row, updated under a row lock by every append, which
 * serialises appends), the signed summary that replaces events dropped by retention, and how far each
 * streaming sink got.
 */
export const migration0130: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("audit_events")
      .addColumn("seq", "bigint", (c) => c.primaryKey())
      .addColumn("id", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("namespace", "text")
      .addColumn("author_id", "text")
      .addColumn("author_name", "text")
      .addColumn("author_type", "text", (c) => c.notNull())
      .addColumn("token_id", "text")
      .addColumn("token_type", "text")
      .addColumn("token_role", "text")
      .addColumn("token_last4", "text")
      .addColumn("ip", "text")
      .addColumn("user_agent", "text")
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("prev_hash", "text", (c) => c.notNull())
      .addColumn("hash", "text", (c) => c.notNull())
      .execute();
    // every filter walks its index newest first (seq descending) and stops after one page
    for (const [name, columns] of [
      ["audit_events_namespace_idx", ["namespace", "seq"]],
      ["audit_events_namespace_type_idx", ["namespace", "type", "seq"]],
      ["audit_events_type_idx", ["type", "seq"]],
      ["audit_events_author_idx", ["author_name", "seq"]],
      ["audit_events_ip_idx", ["ip", "seq"]],
      ["audit_events_created_idx", ["created_at", "seq"]],
    ] as const)
      await db.schema
        .createIndex(name)
        .on("audit_events")
        .columns([...columns])
        .execute();

    await db.schema
      .createTable("audit_chain")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("seq", "bigint", (c) => c.notNull())
      .addColumn("hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("mac", "text", (c) => c.notNull())
      .execute();
    // mac "" = not signed yet: the first append (or `audit verify`) signs the head
    await sql`INSERT INTO audit_chain (id, seq, hash, created_at, mac) VALUES (1, 0, ${GENESIS_HASH}, '', '')`.execute(
      db,
    );

    await db.schema
      .createTable("audit_retention")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("through_seq", "bigint", (c) => c.notNull())
      .addColumn("through_hash", "text", (c) => c.notNull())
      .addColumn("through_created_at", "text", (c) => c.notNull())
      .addColumn("pruned", "bigint", (c) => c.notNull())
      .addColumn("signed_at", "text", (c) => c.notNull())
      .addColumn("mac", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("audit_stream_cursors")
      .addColumn("sink", "text", (c) => c.primaryKey())
      .addColumn("last_seq", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("last_error", "text")
      .execute();
  },
};
