import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDomain,
  WebhookInfo,
  WebhookWatchedItem,
} from "@modelhub/api-types";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { canReadRepo } from "../platform/access-rules.js";
import type { Accounts } from "../platform/accounts.js";
import type { Logger } from "../platform/logger.js";
import type { RepoRow, Repos } from "../platform/repos.js";
import { ChangeDetector, type ListRefs } from "./change-detector.js";
import { DeliveryQueue } from "./delivery-queue.js";
import { domainOf, type HubEvent } from "./events.js";
import { buildPayload } from "./payload.js";
import type { WebhookSettings } from "../outbound/settings.js";
import { WebhookStore, type AttemptRow, type DeliveryRow, type WebhookRow } from "./store.js";

const REPO_TYPES = new Set(["model", "dataset", "space"]);
const LOG_PAGE = 100;

export interface WebhookServiceDeps {
  db: Kysely<Database>;
  repos: Repos;
  accounts: Accounts;
  listRefs: ListRefs;
  settings: WebhookSettings;
  publicUrl: string;
  logger: Logger;
}

export function webhookJson(row: WebhookRow): WebhookInfo {
  return {
    id: row.id,
    url: row.url,
    watched: JSON.parse(row.watched) as WebhookWatchedItem[],
    domains: JSON.parse(row.domains) as WebhookDomain[],
    secret: row.secret,
    disabled: row.disabled === 1,
    job: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function attemptJson(row: AttemptRow): WebhookAttempt {
  return {
    attempt: row.attempt,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    responseStatus: row.response_status,
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}

function deliveryJson(row: DeliveryRow, log: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    scope: row.scope,
    action: row.action,
    repo: row.repo_name,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.state === "pending" ? new Date(Number(row.next_attempt_at)).toISOString() : null,
    createdAt: row.created_at,
    replayOf: row.replay_of,
    payload: JSON.parse(row.payload) as unknown,
    log: log.map(attemptJson),
  };
}

/** Whether a webhook watches the repo (its owner, or the repo itself) for the event's domain. */
function watches(hook: WebhookInfo, event: Pick<HubEvent, "scope" | "repo">): boolean {
  if (!hook.domains.includes(domainOf(event.scope))) return false;
  const owner = event.repo.owner.toLowerCase();
  const name = event.repo.name.toLowerCase();
  return hook.watched.some((item) =>
    item.type === "user" || item.type === "org"
      ? item.name.toLowerCase() === owner
      : REPO_TYPES.has(item.type) && item.type === event.repo.type && item.name.toLowerCase() === name,
  );
}

/** Webhooks: their settings, the events they receive and their delivery queue. */
export class WebhookService {
  readonly store: WebhookStore;
  readonly detector: ChangeDetector;
  private readonly queue: DeliveryQueue;
  /** Enabled webhooks, kept in memory so a write to an unwatched repo costs nothing. */
  private enabled: WebhookInfo[] = [];

  constructor(private readonly deps: WebhookServiceDeps) {
    this.store = new WebhookStore(deps.db);
    this.detector = new ChangeDetector(deps.db, deps.repos, deps.listRefs);
    this.queue = new DeliveryQueue(this.store, deps.settings, deps.logger);
  }

  get settings(): WebhookSettings {
    return this.deps.settings;
  }

  async start(): Promise<void> {
    await this.reload();
    await this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Re-reads the enabled webhooks after one was created, changed or deleted. */
  async reload(): Promise<void> {
    this.enabled = (await this.store.enabled()).map(webhookJson);
  }

  hasWebhooks(): boolean {
    return this.enabled.length > 0;
  }

  /** Whether any enabled webhook watches this repo (or its owner), whatever the domain. */
  watchesRepo(row: Pick<RepoRow, "type" | "full_id" | "owner">): boolean {
    const repo = { type: row.type as HubEvent["repo"]["type"], name: row.full_id, owner: row.owner };
    return this.enabled.some(
      (hook) =>
        watches(hook, { scope: "repo", repo: { ...repo, id: "", private: false } }) ||
        watches(hook, { scope: "discussion", repo: { ...repo, id: "", private: false } }),
    );
  }

  /** Queues each event for every enabled webhook that watches it and whose owner may read the repo. */
  async publish(events: HubEvent[]): Promise<number> {
    let queued = 0;
    for (const event of events) {
      for (const hook of this.enabled) {
        if (!watches(hook, event)) continue;
        if (event.repo.private) {
          const row = await this.store.find(hook.id);
          const viewer = row && (await this.deps.accounts.sessionViewer(row.owner));
          if (!viewer || !canReadRepo(viewer, { private: true, owner: event.repo.owner })) continue;
        }
        const payload = this.payloadText(event, hook.id);
        const added = await this.store.enqueue({
          webhookId: hook.id,
          eventKey: event.key,
          scope: event.scope,
          action: event.action,
          repoName: event.repo.name,
          payload,
        });
        if (added) queued++;
      }
    }
    if (queued > 0) this.queue.kick();
    return queued;
  }

  private payloadText(event: HubEvent, webhookId: string): string {
    let text = JSON.stringify(buildPayload(event, webhookId, this.deps.publicUrl));
    if (Buffer.byteLength(text) <= this.deps.settings.maxPayloadBytes) return text;
    // Too large (a huge comment, thousands of refs): keep the shape, shorten the parts that grow.
    const smaller: HubEvent = {
      ...event,
      updatedRefs: event.updatedRefs?.slice(0, 100),
      comment: event.comment && { ...event.comment, content: event.comment.content.slice(0, 1000) },
    };
    text = JSON.stringify(buildPayload(smaller, webhookId, this.deps.publicUrl));
    return text;
  }

  async deliveries(webhookId: string): Promise<WebhookDelivery[]> {
    const rows = await this.store.deliveriesOf(webhookId, LOG_PAGE);
    const logs = await this.store.attemptsOf(rows.map((r) => r.id));
    return rows.map((row) => deliveryJson(row, logs.get(row.id) ?? []));
  }

  /** Queues a delivery's payload again as a new delivery (its own attempts and log). */
  async replay(webhookId: string, delivery: DeliveryRow): Promise<WebhookDelivery> {
    const replayKey = `replay:${delivery.id}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const row = await this.store.enqueue({
      webhookId,
      eventKey: replayKey,
      scope: delivery.scope,
      action: delivery.action,
      repoName: delivery.repo_name,
      payload: delivery.payload,
      replayOf: delivery.id,
    });
    if (!row) throw new Error("replay key collision");
    this.queue.kick();
    return deliveryJson(row, []);
  }
}
