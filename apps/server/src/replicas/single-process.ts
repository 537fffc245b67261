import { KeyedMutex } from "../content/git/keyed-mutex.js";
import type { CacheSignals, JobLeadership, KeyedLock } from "../domain/ports.js";
import type { Coordination } from "./coordination.js";

/** Nobody else to tell: every cache write stays local. */
export const LOCAL_SIGNALS: CacheSignals = {
  publish: () => undefined,
  subscribe: () => undefined,
  settled: () => Promise.resolve(),
};

/** The only process is the leader of every job. */
export const SOLE_LEADER: JobLeadership = { isLeader: () => true };

/** One hub process alone (SQLite, or PostgreSQL without replicas): locks and leadership in memory. */
export function singleProcessCoordination(): Coordination {
  const mutex = new KeyedMutex();
  const locks: KeyedLock = { run: (key, work) => mutex.run(key, work) };
  return {
    mode: "single",
    repoLocks: locks,
    signals: LOCAL_SIGNALS,
    leadership: SOLE_LEADER,
    exclusive: (_name, work) => work(),
    hearsNotices: () => true,
    close: () => Promise.resolve(),
  };
}
