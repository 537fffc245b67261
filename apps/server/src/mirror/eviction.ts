import type { BlobStore } from "../content/blobs/blob-store.js";
import type { MirrorRecords } from "./records.js";
import type { MirrorStats } from "./stats.js";

/**
 * Keeps the bytes of mirrored LFS objects under the cap: drops the least recently used unpinned ones
 * (their records and blobs; git metadata stays, so an evicted file is fetched again on demand). Only
 * objects the mirror cached are ever candidates, and one a local repo also uses (uploaded or committed
 * there since) only leaves the cache's books, so local repos' files are never deleted. Runs one at a
 * time; a request while running schedules one more pass.
 */
export class CacheEvictor {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly capBytes: number | undefined,
    private readonly records: MirrorRecords,
    private readonly blobs: BlobStore,
    private readonly stats: MirrorStats,
    private readonly onError: (error: unknown) => void,
    /** Objects a local repo also uses: dropped from the cache's books, never deleted. */
    private readonly usedLocally: (oid: string) => Promise<boolean>,
  ) {}

  schedule(): Promise<void> {
    if (this.capBytes === undefined) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.schedule();
        }
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    const cap = this.capBytes ?? Infinity;
    let total = await this.records.totalBytes();
    while (total > cap) {
      const candidates = await this.records.evictionCandidates(64);
      if (candidates.length === 0) return;
      for (const { oid, size } of candidates) {
        if (total <= cap) return;
        await this.records.forgetFile(oid);
        total -= size;
        // checked last, so an upload that lands meanwhile is seen
        if (await this.usedLocally(oid)) continue;
        await this.blobs.delete(oid);
        this.stats.evictions++;
      }
    }
  }
}
