import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { AuditTrail } from "../domain/ports.js";
import { isAuditEventType } from "./catalogue.js";
import { recordAuditEvent } from "./record.js";

/** The `AuditTrail` port over the hub's database: each event in its own transaction. */
export function databaseAuditTrail(db: Kysely<Database>): AuditTrail {
  return {
    async record(event) {
      if (!isAuditEventType(event.type)) throw new Error(`unknown audit event type ${event.type}`);
      await recordAuditEvent(db, { ...event, type: event.type });
    },
  };
}
