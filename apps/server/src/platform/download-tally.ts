/** Downloads of one repo on one UTC day. */
export interface DownloadCount {
  repoId: string;
  day: string;
  count: number;
}

export type WriteDownloads = (counts: DownloadCount[]) => Promise<void>;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Group commit for download counts. Every counted download joins the next batch; one batch is written
 * at a time, and everything counted while it is being written goes into the one after. A caller's
 * promise settles when its own count is stored, so a client that reads the repo after its download
 * sees it. Under load many downloads share one transaction instead of each taking the repo row's lock
 * in turn (on PostgreSQL this was most of a small file's download time).
 */
export class DownloadTally {
  private pending = new Map<string, DownloadCount>();
  private writing: Promise<unknown> = Promise.resolve();
  private nextBatch: Promise<void> | undefined;

  constructor(private readonly write: WriteDownloads) {}

  record(repoId: string, day: string): Promise<void> {
    const key = `${repoId}\u0000${day}`;
    const entry = this.pending.get(key);
    if (entry) entry.count += 1;
    else this.pending.set(key, { repoId, day, count: 1 });
    if (!this.nextBatch) {
      // one event-loop turn later: downloads answered in the same turn share the batch (with SQLite
      // the write is synchronous, so without the wait every download took its own transaction)
      const batch = this.writing.then(nextTurn).then(() => {
        this.nextBatch = undefined;
        const counts = [...this.pending.values()];
        this.pending = new Map();
        return this.write(counts);
      });
      this.nextBatch = batch;
      this.writing = batch.catch(() => undefined);
    }
    return this.nextBatch;
  }

  /** Settles when every count recorded so far has been written (or has failed to be). */
  async drain(): Promise<void> {
    while (this.nextBatch) await this.nextBatch.catch(() => undefined);
    await this.writing;
  }
}
