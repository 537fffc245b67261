import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { newId, nowIso } from "../domain/ids.js";
import { recordAuditEvent, type AuditEventInput } from "../audit/record.js";
import type { WebhookAttemptTable, WebhookDeliveryTable, WebhookTable, WebhookTables } from "./tables.js";

export type WebhookRow = WebhookTable;
export type DeliveryRow = WebhookDeliveryTable;
export type AttemptRow = WebhookAttemptTable;

type Db = Kysely<Database & WebhookTables>;

export interface NewDelivery {
  webhookId: string;
  eventKey: string;
  scope: string;
  action: string;
  repoName: string;
  payload: string;
  replayOf?: string;
}

/** Database side of webhooks, deliveries and attempts. */
export class WebhookStore {
  private readonly db: Db;

  constructor(private readonly hubDb: Kysely<Database>) {
    this.db = hubDb.withTables<WebhookTables>();
  }

  /** A transaction with the webhook tables in view, and the same transaction as the hub's (for its audit event). */
  private inTransaction<T>(
    work: (tx: Transaction<Database & WebhookTables>, hub: Transaction<Database>) => Promise<T>,
  ) {
    return this.hubDb.transaction().execute((hub) => work(hub.withTables<WebhookTables>(), hub));
  }

  /** Creates a webhook; `audit` builds its event (recorded in the same transaction) from the new row. */
  async create(
    row: Omit<WebhookRow, "id" | "created_at" | "updated_at">,
    audit?: (created: WebhookRow) => AuditEventInput,
  ): Promise<WebhookRow> {
    const now = nowIso();
    const full: WebhookRow = { ...row, id: newId(), created_at: now, updated_at: now };
    await this.inTransaction(async (trx, hub) => {
      await trx.insertInto("webhooks").values(full).execute();
      if (audit) await recordAuditEvent(hub, audit(full));
    });
    return full;
  }

  find(id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  listOf(owner: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("owner", "=", owner)
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .execute();
  }

  enabled(): Promise<WebhookRow[]> {
    return this.db.selectFrom("webhooks").selectAll().where("disabled", "=", 0).execute();
  }

  /** Changes a webhook; `audit` (given the row before and after) may return its event, recorded with it. */
  async update(
    id: string,
    changes: Partial<Pick<WebhookRow, "url" | "secret" | "domains" | "watched" | "disabled">>,
    audit?: (before: WebhookRow, after: WebhookRow) => AuditEventInput | undefined,
  ): Promise<WebhookRow | undefined> {
    return this.inTransaction(async (trx, hub) => {
      const before = await trx.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
      if (!before) return undefined;
      await trx
        .updateTable("webhooks")
        .set({ ...changes, updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
      const after = await trx
        .selectFrom("webhooks")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const event = audit?.(before, after);
      if (event) await recordAuditEvent(hub, event);
      return after;
    });
  }

  /** Deletes the webhook with its deliveries and their attempts (and records `audit`), in one transaction. */
  async remove(id: string, audit?: AuditEventInput): Promise<void> {
    await this.inTransaction(async (tx, hub) => {
      const deliveries = tx.selectFrom("webhook_deliveries").select("id").where("webhook_id", "=", id);
      await tx.deleteFrom("webhook_attempts").where("delivery_id", "in", deliveries).execute();
      await tx.deleteFrom("webhook_deliveries").where("webhook_id", "=", id).execute();
      await tx.deleteFrom("webhooks").where("id", "=", id).execute();
      if (audit) await recordAuditEvent(hub, audit);
    });
  }

  /** Queues a delivery; false when this event is already queued for this webhook. */
  async enqueue(input: NewDelivery): Promise<DeliveryRow | undefined> {
    const now = nowIso();
    const row: DeliveryRow = {
      id: newId(),
      webhook_id: input.webhookId,
      event_key: input.eventKey,
      scope: input.scope,
      action: input.action,
      repo_name: input.repoName,
      payload: input.payload,
      state: "pending",
      attempts: 0,
      next_attempt_at: Date.now(),
      created_at: now,
      updated_at: now,
      replay_of: input.replayOf ?? null,
    };
    try {
      await this.db.insertInto("webhook_deliveries").values(row).execute();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  /** Deliveries left `delivering` by a stopped hub become due again. */
  async requeueInterrupted(): Promise<number> {
    const result = await this.db
      .updateTable("webhook_deliveries")
      .set({ state: "pending", next_attempt_at: Date.now(), updated_at: nowIso() })
      .where("state", "=", "delivering")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  due(limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("state", "=", "pending")
      .where("next_attempt_at", "<=", Date.now())
      .orderBy("next_attempt_at", "asc")
      .limit(limit)
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, next_attempt_at: Number(r.next_attempt_at) })));
  }

  /** Marks a pending delivery as being delivered; false when another worker took it first. */
  async claim(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("webhook_deliveries")
      .set({ state: "delivering", updated_at: nowIso() })
      .where("id", "=", id)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Stores an attempt and the delivery's new state in one transaction. */
  async recordAttempt(
    delivery: DeliveryRow,
    attempt: Omit<AttemptRow, "id" | "delivery_id">,
    next: { state: DeliveryRow["state"]; nextAttemptAt: number },
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto("webhook_attempts")
        .values({ ...attempt, id: newId(), delivery_id: delivery.id })
        .execute();
      await tx
        .updateTable("webhook_deliveries")
        .set({
          state: next.state,
          attempts: attempt.attempt,
          next_attempt_at: next.nextAttemptAt,
          updated_at: nowIso(),
        })
        .where("id", "=", delivery.id)
        .execute();
    });
  }

  /** Deletes finished deliveries (and their attempts) created before `cutoff`; answers how many. */
  async prune(cutoff: string): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const old = tx
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("created_at", "<", cutoff)
        .where("state", "in", ["succeeded", "failed"]);
      await tx.deleteFrom("webhook_attempts").where("delivery_id", "in", old).execute();
      const result = await tx
        .deleteFrom("webhook_deliveries")
        .where("created_at", "<", cutoff)
        .where("state", "in", ["succeeded", "failed"])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  findDelivery(webhookId: string, id: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("webhook_id", "=", webhookId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  deliveriesOf(webhookId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("webhook_id", "=", webhookId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  async attemptsOf(deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
    const byDelivery = new Map<string, AttemptRow[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await this.db
      .selectFrom("webhook_attempts")
      .selectAll()
      .where("delivery_id", "in", deliveryIds)
      .orderBy("attempt", "asc")
      .execute();
    for (const row of rows) {
      const list = byDelivery.get(row.delivery_id) ?? [];
      list.push(row);
      byDelivery.set(row.delivery_id, list);
    }
    return byDelivery;
  }
}
