import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface CachedRepoStats {
  repoId: string;
  files: number;
  bytes: number;
  pinnedBytes: number;
  hits: number;
}

/** The mirror's own tables: when each mirrored repo was refreshed, and which LFS objects it cached. */
export class MirrorRecords {
  constructor(private readonly db: Kysely<Database>) {}

  async refreshedAt(repoId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("mirror_repos")
      .select("refreshed_at")
      .where("repo_id", "=", repoId)
      .executeTakeFirst();
    return row ? Date.parse(row.refreshed_at) : undefined;
  }

  async markRefreshed(repoId: string, upstream: string, at = new Date()): Promise<void> {
    const iso = at.toISOString();
    const updated = await this.db
      .updateTable("mirror_repos")
      .set({ refreshed_at: iso, upstream })
      .where("repo_id", "=", repoId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await this.db
        .insertInto("mirror_repos")
        .values({ repo_id: repoId, upstream, refreshed_at: iso, created_at: iso })
        .execute();
  }

  /** Records a cached object (or pins it); keeps the pin of an object cached before. */
  async recordFile(oid: string, repoId: string, size: number, pinned: boolean): Promise<void> {
    const now = new Date().toISOString();
    const existing = await this.db
      .selectFrom("mirror_files")
      .select("pinned")
      .where("oid", "=", oid)
      .executeTakeFirst();
    if (existing) {
      await this.db
        .updateTable("mirror_files")
        .set({ last_access: now, pinned: pinned || existing.pinned === 1 ? 1 : 0 })
        .where("oid", "=", oid)
        .execute();
      return;
    }
    await this.db
      .insertInto("mirror_files")
      .values({
        oid,
        repo_id: repoId,
        size,
        pinned: pinned ? 1 : 0,
        hits: 0,
        cached_at: now,
        last_access: now,
      })
      .execute();
  }

  async hasFile(oid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("mirror_files")
      .select("oid")
      .where("oid", "=", oid)
      .executeTakeFirst();
    return row !== undefined;
  }

  async touch(oid: string): Promise<void> {
    await this.db
      .updateTable("mirror_files")
      .set({ last_access: new Date().toISOString(), hits: sql<number>`hits + 1` })
      .where("oid", "=", oid)
      .execute();
  }

  async totalBytes(): Promise<number> {
    const row = await this.db
      .selectFrom("mirror_files")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), sql<number>`0`).as("bytes"))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** Unpinned cached objects, least recently used first. */
  async evictionCandidates(limit: number): Promise<{ oid: string; size: number }[]> {
    const rows = await this.db
      .selectFrom("mirror_files")
      .select(["oid", "size"])
      .where("pinned", "=", 0)
      .orderBy("last_access", "asc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ oid: row.oid, size: Number(row.size) }));
  }

  async forgetFile(oid: string): Promise<void> {
    await this.db.deleteFrom("mirror_files").where("oid", "=", oid).execute();
  }

  async perRepo(): Promise<CachedRepoStats[]> {
    const rows = await this.db
      .selectFrom("mirror_files")
      .select((eb) => [
        "repo_id",
        eb.fn.countAll<number>().as("files"),
        eb.fn.sum<number>("size").as("bytes"),
        eb.fn.sum<number>(sql`case when pinned = 1 then size else 0 end`).as("pinned_bytes"),
        eb.fn.sum<number>("hits").as("hits"),
      ])
      .groupBy("repo_id")
      .execute();
    return rows.map((row) => ({
      repoId: row.repo_id,
      files: Number(row.files),
      bytes: Number(row.bytes ?? 0),
      pinnedBytes: Number(row.pinned_bytes ?? 0),
      hits: Number(row.hits ?? 0),
    }));
  }

  async mirroredRepos(): Promise<{ repo_id: string; upstream: string; refreshed_at: string }[]> {
    return this.db.selectFrom("mirror_repos").select(["repo_id", "upstream", "refreshed_at"]).execute();
  }
}
