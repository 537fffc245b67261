import type pg from "pg";
import { pgLibrary } from "../db/pg-library.js";
import type { ContentLogger, JobLeadership } from "../domain/ports.js";
import { advisoryKey } from "./advisory-key.js";

/**
 * Leader election per background job: a replica that takes the job's advisory lock (try-lock, on a
 * connection kept open) runs the job until it dies or loses the connection; the others try again every
 * `retryMs` and take over then.
 */
export class PgLeadership implements JobLeadership {
  private client: pg.Client | undefined;
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private trying: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly jobs: readonly string[],
    private readonly logger: ContentLogger,
    private readonly retryMs = 5000,
  ) {}

  async start(): Promise<void> {
    await this.tryAll();
    this.timer = setInterval(() => void this.tryAll(), this.retryMs);
    this.timer.unref();
  }

  isLeader(job: string): boolean {
    return this.held.has(job);
  }

  /** The jobs this replica leads. */
  leading(): string[] {
    return [...this.held].sort();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.trying;
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    await client?.end().catch(() => undefined);
  }

  private tryAll(): Promise<void> {
    this.trying ??= this.acquire().finally(() => (this.trying = undefined));
    return this.trying;
  }

  private async acquire(): Promise<void> {
    if (this.held.size === this.jobs.length) return;
    try {
      const client = this.client ?? (await this.connect());
      for (const job of this.jobs) {
        if (this.held.has(job)) continue;
        const [high, low] = advisoryKey(this.schema, `job:${job}`);
        const { rows } = await client.query<{ taken: boolean }>(
          "SELECT pg_try_advisory_lock($1, $2) AS taken",
          [high, low],
        );
        if (rows[0]?.taken) {
          this.held.add(job);
          this.logger.info({ job }, "this replica now runs the job");
        }
      }
    } catch (err) {
      this.logger.warn({ err: String(err) }, "job leadership: database unreachable");
    }
  }

  private async connect(): Promise<pg.Client> {
    const postgres = await pgLibrary();
    const client = new postgres.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    const lost = () => {
      if (this.client !== client) return;
      // the locks went with the connection
      this.client = undefined;
      if (this.held.size > 0) this.logger.warn({ jobs: [...this.held] }, "job leadership lost");
      this.held.clear();
      client.end().catch(() => undefined);
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.connect();
    this.client = client;
    return client;
  }
}
