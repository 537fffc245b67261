import type { RepoStorageItem } from "@modelhub/api-types";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** Every repo of one namespace (user or org) with its storage and share of the namespace's total. */
export async function namespaceRepoStorage(
  db: Kysely<Database>,
  namespace: string,
): Promise<RepoStorageItem[]> {
  const rows = await db
    .selectFrom("repos")
    .select(["full_id", "type", "last_modified", "private", "used_storage"])
    .where((eb) => eb(eb.fn("lower", ["owner"]), "=", namespace.toLowerCase()))
    .orderBy("last_modified", "desc")
    .orderBy("full_id")
    .execute();
  const total = rows.reduce((sum, row) => sum + Number(row.used_storage), 0);
  return rows.map((row) => ({
    id: row.full_id,
    type: row.type as RepoStorageItem["type"],
    updatedAt: new Date(row.last_modified).toISOString(),
    visibility: row.private === 1 ? "private" : "public",
    storage: Number(row.used_storage),
    storagePercent: total > 0 ? Math.round((Number(row.used_storage) / total) * 10_000) / 100 : 0,
  }));
}
