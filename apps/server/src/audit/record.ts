import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { newId } from "../domain/ids.js";
import { AUDIT_CATALOGUE, isAuditEventType, type AuditEventType } from "./catalogue.js";
import { eventHash, headMac } from "./chain.js";
import { currentAuditContext, type AuditActor, type AuditCredential, type AuditOrigin } from "./context.js";
import { auditSecretOf } from "./secret.js";
import { auditTables, type AuditEventTable } from "./tables.js";

/** What a caller says about an event; who and from where come from the request unless given. */
export interface AuditEventInput {
  type: AuditEventType;
  /** Details (JSON); never a secret: token values, passwords and webhook secrets stay out. */
  data?: Record<string, unknown>;
  /** One line for people; the catalogue's wording from `data` when absent. */
  message?: string;
  /** The organisation or user the event concerns (org admins export their org's events). */
  namespace?: string | null;
  /** Defaults to the current request's user (or the hub itself outside a request). */
  actor?: AuditActor;
  /** Defaults to the current request's token; `null` records none. */
  token?: AuditCredential | null;
  /** Defaults to the current request's address and User-Agent. */
  origin?: AuditOrigin;
}

const MAX_DATA_CHARS = 16 * 1024;
const MAX_MESSAGE_CHARS = 1000;
/** Keys whose string values are credentials: redacted even if a caller passes one by mistake. */
const SECRET_KEYS = /^(secret|password|passwd|token|tokenValue|authorization|cookie)$/i;
const TOKEN_VALUE = /^hf_[A-Za-z0-9]{16,}$/;

/**
 * Records one audit event inside the transaction `db` (or in a transaction of its own when `db` is not
 * one), so the event commits with the change it describes or not at all. Call it as the transaction's
 * last statement: it takes the chain's head row lock (serialising every append, on SQLite and on
 * PostgreSQL) and holds it until the commit, so nothing else should be waited for after it.
 */
export async function recordAuditEvent(
  db: Kysely<Database>,
  input: AuditEventInput,
): Promise<AuditEventTable> {
  if (db.isTransaction) return append(db as Transaction<Database>, input);
  return db.transaction().execute((trx) => append(trx, input));
}

async function append(trx: Transaction<Database>, input: AuditEventInput): Promise<AuditEventTable> {
  if (!isAuditEventType(input.type)) throw new Error(`unknown audit event type ${String(input.type)}`);
  const key = auditSecretOf(trx);
  const context = currentAuditContext();
  const actor = input.actor ?? context.actor;
  const token = input.token === undefined ? context.token : (input.token ?? undefined);
  const origin = input.origin ?? context.origin;
  const data = dataText(input.data ?? {});
  const message = (input.message ?? AUDIT_CATALOGUE[input.type].message(input.data ?? {})).slice(
    0,
    MAX_MESSAGE_CHARS,
  );
  const db = auditTables(trx);
  // the row lock on the head serialises appends until this transaction ends
  const head = await db
    .updateTable("audit_chain")
    .set({ seq: sql<number>`seq + 1` })
    .where("id", "=", 1)
    .returning(["seq", "hash", "created_at"])
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row: Omit<AuditEventTable, "hash"> = {
    seq: Number(head.seq),
    id: newId(),
    // never before the previous event: a date range is then exactly a seq range
    created_at: now > head.created_at ? now : head.created_at,
    type: input.type,
    namespace: input.namespace ?? null,
    author_id: actor.id,
    author_name: actor.name,
    author_type: actor.type,
    token_id: token?.id ?? null,
    token_type: token?.type ?? null,
    token_role: token?.role ?? null,
    token_last4: token?.last4 ?? null,
    ip: origin.ip,
    user_agent: origin.userAgent,
    message,
    data,
    prev_hash: head.hash,
  };
  const event: AuditEventTable = { ...row, hash: eventHash(row) };
  await db.insertInto("audit_events").values(event).execute();
  await db
    .updateTable("audit_chain")
    .set({
      hash: event.hash,
      created_at: event.created_at,
      mac: headMac(key, { seq: event.seq, hash: event.hash, created_at: event.created_at }),
    })
    .where("id", "=", 1)
    .execute();
  // failure injection for the rollback test: the change and its event must both disappear
  if (process.env.MODELHUB_TEST_FAIL_AFTER_AUDIT === input.type)
    throw new Error(`injected failure after recording ${input.type}`);
  return event;
}

/** JSON of `data` with credentials redacted, cut to a bounded size (long lists are what grows). */
function dataText(data: Record<string, unknown>): string {
  const text = JSON.stringify(data, (key, value: unknown) => {
    if (typeof value !== "string") return value;
    if ((key !== "" && SECRET_KEYS.test(key)) || TOKEN_VALUE.test(value)) return "[redacted]";
    return value;
  });
  if (text.length <= MAX_DATA_CHARS) return text;
  return JSON.stringify({ truncated: true, excerpt: text.slice(0, MAX_DATA_CHARS - 100) });
}
