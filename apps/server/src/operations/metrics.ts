import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { KeyedLock } from "../domain/ports.js";
import { EventLoopDelay } from "./event-loop-delay.js";

type RequestLabels = "method" | "route" | "status";

/** What one finished request adds to the metrics. */
export interface RequestSample {
  method: string;
  /** The route pattern that answered (`/api/models/:namespace/:name`), never the concrete path. */
  route: string;
  status: number;
  seconds: number;
  /** As declared by Content-Length (0 when absent, e.g. a chunked body). */
  bytesIn: number;
  bytesOut: number;
}

/** The hub's Prometheus metrics, in a registry of their own (no global state across hubs in one process). */
export class HubMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<RequestLabels>;
  private readonly latency: Histogram<RequestLabels>;
  private readonly bytesIn: Counter<"route">;
  private readonly bytesOut: Counter<"route">;
  private readonly inFlight: Gauge;
  private readonly blobErrors: Counter<"operation">;
  private readonly lockWaiting: Gauge;
  private readonly lockHeld: Gauge;
  private readonly loopDelay = new EventLoopDelay();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Counter({
      name: "modelhub_http_requests_total",
      help: "HTTP requests by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.latency = new Histogram({
      name: "modelhub_http_request_duration_seconds",
      help: "Time to the response headers (a streamed body may take longer), by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.bytesIn = new Counter({
      name: "modelhub_http_request_bytes_total",
      help: "Request body bytes (Content-Length) by route pattern",
      labelNames: ["route"],
      registers,
    });
    this.bytesOut = new Counter({
      name: "modelhub_http_response_bytes_total",
      help: "Response body bytes (Content-Length) by route pattern",
      labelNames: ["route"],
      registers,
    });
    this.inFlight = new Gauge({
      name: "modelhub_http_requests_in_flight",
      help: "Requests being handled now",
      registers,
    });
    this.blobErrors = new Counter({
      name: "modelhub_blob_store_errors_total",
      help: "Failed blob store operations (a missing object asked for by stat is not a failure)",
      labelNames: ["operation"],
      registers,
    });
    this.lockWaiting = new Gauge({
      name: "modelhub_repo_lock_waiting",
      help: "Writes (commits, pushes, ref updates) of this replica waiting for a repository's write lock",
      registers,
    });
    this.lockHeld = new Gauge({
      name: "modelhub_repo_lock_held",
      help: "Repository write locks this replica holds now",
      registers,
    });
    const loopDelay = this.loopDelay;
    new Gauge({
      name: "modelhub_event_loop_delay_seconds",
      help:
        "How long the event loop kept callbacks waiting since the previous scrape (p50, p99, max as " +
        'quantile "0.5", "0.99", "1"; sampled every 10 ms, the sampling interval subtracted)',
      labelNames: ["quantile"],
      registers,
      collect() {
        const window = loopDelay.take();
        this.set({ quantile: "0.5" }, window.p50);
        this.set({ quantile: "0.99" }, window.p99);
        this.set({ quantile: "1" }, window.max);
      },
    });
  }

  /** Stops sampling the event loop (the hub is closing). */
  stop(): void {
    this.loopDelay.stop();
  }

  requestStarted(): void {
    this.inFlight.inc();
  }

  requestFinished(sample: RequestSample): void {
    this.inFlight.dec();
    const labels = { method: sample.method, route: sample.route, status: String(sample.status) };
    this.requests.inc(labels);
    this.latency.observe(labels, sample.seconds);
    if (sample.bytesIn > 0) this.bytesIn.inc({ route: sample.route }, sample.bytesIn);
    if (sample.bytesOut > 0) this.bytesOut.inc({ route: sample.route }, sample.bytesOut);
  }

  blobStoreFailed(operation: string): void {
    this.blobErrors.inc({ operation });
  }

  /** A gauge read when scraped (queue depths owned by other parts: the LFS verify pool, …). */
  addQueueDepth(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** The lock, counting its waiters and holders. */
  countLock(lock: KeyedLock): KeyedLock {
    return {
      run: async (key, work) => {
        this.lockWaiting.inc();
        let waiting = true;
        try {
          return await lock.run(key, async () => {
            waiting = false;
            this.lockWaiting.dec();
            this.lockHeld.inc();
            try {
              return await work();
            } finally {
              this.lockHeld.dec();
            }
          });
        } finally {
          if (waiting) this.lockWaiting.dec();
        }
      },
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const BLOB_OPERATIONS = ["stat", "put", "open", "delete", "touch"] as const;

/**
 * Counts failures of a blob store's operations on the instance itself (so `instanceof` checks on the
 * store still hold), whatever the store (local folder, S3).
 */
export function countBlobStoreErrors<T extends object>(store: T, metrics: HubMetrics): T {
  const methods = store as unknown as Record<string, unknown>;
  for (const operation of BLOB_OPERATIONS) {
    const original = methods[operation];
    if (typeof original !== "function") continue;
    const bound = (original as (...args: unknown[]) => Promise<unknown>).bind(store);
    methods[operation] = async (...args: unknown[]) => {
      try {
        return await bound(...args);
      } catch (err) {
        metrics.blobStoreFailed(operation);
        throw err;
      }
    };
  }
  return store;
}
