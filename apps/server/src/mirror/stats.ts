/** Counters of the mirror since start (the admin page and `GET /api/admin/mirror`). */
export class MirrorStats {
  /** Downloads of mirrored files served from this hub's store. */
  hits = 0;
  /** Downloads of mirrored files that had to come from the upstream. */
  misses = 0;
  /** Bytes of mirrored files served from the store instead of the upstream. */
  bytesSaved = 0;
  /** Bytes fetched from the upstream and kept. */
  bytesFetched = 0;
  /** Objects dropped under the cache cap. */
  evictions = 0;
  /** Upstream transfers whose bytes did not match the pointer (never kept). */
  verificationFailures = 0;
  /** The last upstream problems, newest first. */
  readonly recentErrors: { at: string; message: string }[] = [];

  error(message: string): void {
    this.recentErrors.unshift({ at: new Date().toISOString(), message });
    this.recentErrors.length = Math.min(this.recentErrors.length, 20);
  }
}
