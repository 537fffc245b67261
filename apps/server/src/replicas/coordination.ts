import type { CacheSignals, JobLeadership, KeyedLock } from "../domain/ports.js";

/** How the replicas of one hub agree: who writes a branch, whose caches are stale, who runs a job. */
export interface Coordination {
  /** "single": this process alone (SQLite); "postgres": replicas coordinate through the database. */
  mode: "single" | "postgres";
  /** Held for the duration of a commit, ref update or git push on one repository. */
  repoLocks: KeyedLock;
  signals: CacheSignals;
  leadership: JobLeadership;
  /** Runs `work` while no other replica runs work under the same name (start-up import, repair). */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Whether this replica hears the others' cache notices now (always, alone). */
  hearsNotices(): boolean;
  close(): Promise<void>;
}
