import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { nowIso } from "../domain/ids.js";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Old names of renamed repos. Each points at the repo's internal id, not at a name, so a chain of
 * renames (a → b → c) leads from every old name straight to the current one.
 */
export const repoRedirects = {
  /** `lookupKey` (an old name) now leads to `repoId`; replaces what the name led to before. */
  async record(db: Db, lookupKey: string, repoId: string): Promise<void> {
    await db.deleteFrom("repo_redirects").where("lookup_key", "=", lookupKey).execute();
    await db
      .insertInto("repo_redirects")
      .values({ lookup_key: lookupKey, repo_id: repoId, created_at: nowIso() })
      .execute();
  },

  /** A repo took this name again: the name no longer redirects. */
  async release(db: Db, lookupKey: string): Promise<void> {
    await db.deleteFrom("repo_redirects").where("lookup_key", "=", lookupKey).execute();
  },

  /** The repo is gone: none of its old names redirect. */
  async forgetRepo(db: Db, repoId: string): Promise<void> {
    await db.deleteFrom("repo_redirects").where("repo_id", "=", repoId).execute();
  },

  /** The internal id of the repo an old name leads to. */
  async target(db: Db, lookupKey: string): Promise<string | undefined> {
    const row = await db
      .selectFrom("repo_redirects")
      .select("repo_id")
      .where("lookup_key", "=", lookupKey)
      .executeTakeFirst();
    return row?.repo_id;
  },
};
