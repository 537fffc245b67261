import { randomUUID } from "node:crypto";
import type pg from "pg";
import { pgLibrary } from "../db/pg-library.js";
import type { CacheSignals, ContentLogger } from "../domain/ports.js";

/** What every subscriber receives when notices may have been missed (the listener reconnected). */
export const EVERYTHING = "*";

interface Notice {
  origin: string;
  topic: string;
  key: string;
}

const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/**
 * Cache invalidation across replicas with PostgreSQL LISTEN/NOTIFY: one dedicated listening connection,
 * reconnected when lost (then every subscriber drops everything, since notices sent meanwhile are gone);
 * notices go out on the ordinary pool. A replica ignores its own notices: it invalidated already.
 */
export class PgCacheSignals implements CacheSignals {
  private readonly origin = randomUUID();
  private readonly handlers = new Map<string, ((key: string) => void)[]>();
  private readonly pending = new Set<Promise<unknown>>();
  private listener: pg.Client | undefined;
  private closed = false;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly send: (channel: string, payload: string) => Promise<unknown>,
    private readonly logger: ContentLogger,
  ) {}

  /** Connects the listener; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    await this.connect();
  }

  publish(topic: string, key: string): void {
    const payload = JSON.stringify({ origin: this.origin, topic, key } satisfies Notice);
    const sent = this.send(this.channel, payload).catch((err: unknown) =>
      this.logger.error({ err: String(err), topic }, "could not notify the other replicas"),
    );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  subscribe(topic: string, handler: (key: string) => void): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  async settled(): Promise<void> {
    if (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Whether the listening connection is up (readiness). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.settled();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const postgres = await pgLibrary();
    const client = new postgres.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload) this.deliver(message.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.listener = client;
    this.attempts = 0;
  }

  private deliver(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.origin === this.origin) return;
    this.dispatch(notice.topic, notice.key);
  }

  private dispatch(topic: string | undefined, key: string): void {
    for (const [name, handlers] of this.handlers) {
      if (topic !== undefined && name !== topic) continue;
      for (const handler of handlers) {
        try {
          handler(key);
        } catch (err) {
          this.logger.error({ err: String(err), topic: name }, "cache invalidation failed");
        }
      }
    }
  }

  private lost(client: pg.Client): void {
    if (this.listener !== client && this.listener !== undefined) return;
    if (this.listener === client) {
      this.listener = undefined;
      client.end().catch(() => undefined);
      this.logger.warn({ channel: this.channel }, "cache invalidation listener lost; reconnecting");
    }
    if (this.closed || this.reconnectTimer) return;
    const delay = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)];
    this.attempts++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.connect().then(
        () => {
          this.logger.info({ channel: this.channel }, "cache invalidation listener back");
          // notices sent while disconnected are lost: everything cached may be stale
          this.dispatch(undefined, EVERYTHING);
        },
        () => this.lost(client),
      );
    }, delay);
    this.reconnectTimer.unref();
  }
}
