import type { Logger } from "../platform/logger.js";
import { sendPayload, type SendResult } from "../outbound/send.js";
import type { WebhookSettings } from "../outbound/settings.js";
import type { DeliveryRow, WebhookStore } from "./store.js";

const MAX_BACKOFF_MS = 3_600_000;
const HOUR_MS = 3_600_000;
/** Finished deliveries are kept this long in the log. */
const KEEP_LOG_MS = 30 * 24 * HOUR_MS;

/** Delay before attempt `attempt + 1` after `attempt` failed: base, then doubling, capped at an hour. */
export function backoffMs(settings: WebhookSettings, attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, settings.retryBaseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Works through the database's delivery queue: at most `concurrency` attempts at once, failed ones
 * retried with exponential backoff until `maxAttempts`, every attempt logged. Deliveries left
 * in flight by a stopped hub are picked up again at start.
 */
export class DeliveryQueue {
  private inFlight = new Set<Promise<void>>();
  private pumping = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly store: WebhookStore,
    private readonly settings: WebhookSettings,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const requeued = await this.store.requeueInterrupted();
    if (requeued > 0)
      this.logger.info({ deliveries: requeued }, "webhook deliveries resumed after a restart");
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.pruneTimer = setInterval(() => void this.prune(), HOUR_MS);
    this.pruneTimer.unref();
    await this.prune();
    this.kick();
  }

  private async prune(): Promise<void> {
    const removed = await this.store
      .prune(new Date(Date.now() - KEEP_LOG_MS).toISOString())
      .catch((err: unknown) => {
        this.logger.error({ err }, "pruning the webhook log failed");
        return 0;
      });
    if (removed > 0) this.logger.info({ deliveries: removed }, "old webhook deliveries removed from the log");
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.pruneTimer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due deliveries now (after an enqueue or a finished attempt). */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((err: unknown) => this.logger.error({ err }, "webhook queue failed"))
      .finally(() => {
        this.pumping = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.inFlight.size < this.settings.concurrency) {
      const due = await this.store.due(this.settings.concurrency - this.inFlight.size);
      if (due.length === 0) return;
      let claimed = 0;
      for (const delivery of due) {
        if (!(await this.store.claim(delivery.id))) continue;
        claimed++;
        const running: Promise<void> = this.attempt(delivery)
          .catch((err: unknown) =>
            this.logger.error({ err, delivery: delivery.id }, "webhook delivery failed"),
          )
          .finally(() => {
            this.inFlight.delete(running);
            this.kick();
          });
        this.inFlight.add(running);
      }
      if (claimed === 0) return;
    }
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const webhook = await this.store.find(delivery.webhook_id);
    const attempt = delivery.attempts + 1;
    const startedAt = new Date().toISOString();
    let result: SendResult;
    if (!webhook) return;
    if (webhook.disabled === 1)
      result = { ok: false, status: null, error: "the webhook is disabled", excerpt: null, durationMs: 0 };
    else {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "User-Agent": "ModelHub-Webhooks/1",
        "X-Webhook-Id": webhook.id,
        "X-Webhook-Delivery": delivery.id,
      };
      if (webhook.secret) headers["X-Webhook-Secret"] = webhook.secret;
      result = await sendPayload(webhook.url, delivery.payload, headers, this.settings);
    }
    const retry = !result.ok && webhook.disabled === 0 && attempt < this.settings.maxAttempts;
    const delay = backoffMs(this.settings, attempt);
    await this.store.recordAttempt(
      delivery,
      {
        attempt,
        started_at: startedAt,
        duration_ms: result.durationMs,
        response_status: result.status,
        error: result.error,
        response_excerpt: result.excerpt,
      },
      {
        state: result.ok ? "succeeded" : retry ? "pending" : "failed",
        nextAttemptAt: retry ? Date.now() + delay : Date.now(),
      },
    );
    // a retry due before the next poll is looked for on time
    if (retry && delay < this.settings.pollMs) setTimeout(() => this.kick(), delay).unref();
    this.logger.info(
      {
        webhook: webhook.id,
        delivery: delivery.id,
        attempt,
        status: result.status,
        error: result.error,
        ...(result.detail ? { detail: result.detail } : {}),
      },
      result.ok
        ? "webhook delivered"
        : retry
          ? "webhook delivery failed; will retry"
          : "webhook delivery failed",
    );
  }
}
