import type { ContentLogger } from "../content/repo-content.js";
import type { RepoRecord } from "../domain/repo.js";

interface Job {
  repo: RepoRecord;
  commit: string;
}

/**
 * Conversions waiting to run, one at a time, at most `maxPending` datasets waiting (the oldest
 * request of a dataset is replaced by its newest commit; past the bound new datasets are refused).
 */
export class ConversionQueue {
  private readonly pending = new Map<string, Job>();
  private running: string | undefined;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly run: (repo: RepoRecord, commit: string) => Promise<void>,
    private readonly logger: ContentLogger,
    private readonly maxPending = 1000,
  ) {}

  /** False when the queue is full (the dataset converts on its next commit or view). */
  enqueue(repo: RepoRecord, commit: string): boolean {
    if (this.closed) return false;
    if (!this.pending.has(repo.id) && this.pending.size >= this.maxPending) {
      this.logger.warn({ repo: repo.id, pending: this.pending.size }, "parquet conversion queue full");
      return false;
    }
    this.pending.delete(repo.id);
    this.pending.set(repo.id, { repo, commit });
    void this.pump();
    return true;
  }

  isWaiting(repoId: string): boolean {
    return this.pending.has(repoId) || this.running === repoId;
  }

  get size(): number {
    return this.pending.size + (this.running ? 1 : 0);
  }

  /** Resolves once nothing is queued or running. */
  whenIdle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending.clear();
    await this.whenIdle();
  }

  private async pump(): Promise<void> {
    if (this.running !== undefined) return;
    const next = this.pending.values().next();
    if (next.done) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    const job = next.value;
    this.pending.delete(job.repo.id);
    this.running = job.repo.id;
    try {
      await this.run(job.repo, job.commit);
    } catch (error) {
      this.logger.error(
        { repo: job.repo.id, commit: job.commit, err: String(error) },
        "parquet conversion failed",
      );
    } finally {
      this.running = undefined;
    }
    await this.pump();
  }
}
