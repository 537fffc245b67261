import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { ReadinessProbe } from "./readiness.js";

/** The database answers a query. */
export function databaseProbe(db: Kysely<Database>): ReadinessProbe {
  return { name: "database", check: async () => void (await sql`SELECT 1`.execute(db)) };
}

/** A folder takes a new file (the shared git folder: a read-only or vanished mount fails here). */
export function writableFolderProbe(name: string, dir: string): ReadinessProbe {
  return {
    name,
    check: async () => {
      const probe = join(dir, `.ready-${process.pid}-${randomBytes(4).toString("hex")}`);
      try {
        await writeFile(probe, "ok");
      } finally {
        await rm(probe, { force: true });
      }
    },
  };
}

/** The blob store's own reachability check (the local folder: writable; S3: the bucket answers). */
export function blobStoreProbe(store: { checkReachable?(): Promise<void> }): ReadinessProbe {
  return { name: "blob-store", check: () => store.checkReachable?.() ?? Promise.resolve() };
}

/** This replica hears the other replicas' cache notices (else it could serve stale rows and listings). */
export function replicaNoticesProbe(hears: () => boolean): ReadinessProbe {
  return {
    name: "replica-notices",
    check: async () => {
      if (!hears()) throw new Error("the LISTEN connection for cache notices is down (reconnecting)");
    },
  };
}
