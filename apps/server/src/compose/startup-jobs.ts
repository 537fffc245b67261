import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { backfillRepoLinks } from "../platform/repo-links.js";

/**
 * Data work a migration asked for but cannot do itself, because it needs domain logic (migrations
 * import nothing from features). A migration step leaves a `hub_meta` row under the job's key; the
 * job runs at the next start, in one transaction with removing the row, so it runs exactly once.
 */
interface StartupJob {
  key: string;
  run(db: Kysely<Database>): Promise<void>;
}

const STARTUP_JOBS: readonly StartupJob[] = [
  // asked for by migration 0006_repo_links: links of the spaces stored before the link table existed
  { key: "job:repo_links_backfill", run: backfillRepoLinks },
];

export async function runPendingStartupJobs(db: Kysely<Database>): Promise<void> {
  for (const job of STARTUP_JOBS) {
    const pending = await db
      .selectFrom("hub_meta")
      .select("key")
      .where("key", "=", job.key)
      .executeTakeFirst();
    if (!pending) continue;
    await db.transaction().execute(async (trx) => {
      await job.run(trx);
      await trx.deleteFrom("hub_meta").where("key", "=", job.key).execute();
    });
  }
}
