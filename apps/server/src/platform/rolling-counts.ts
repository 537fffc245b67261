import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Repos per refresh step. SQLite runs on the event loop, so its steps stay short (a step that rewrites
 * every row holds the loop for ~0.1 s); PostgreSQL runs beside it and prefers fewer round trips.
 */
export const ROLLING_CHUNK_ROWS = { sqlite: 500, postgres: 2000 } as const;

export interface RollingWindow {
  /** First UTC day counted in the 30-day downloads. */
  since30: string;
  /** First UTC day counted in the trending score. */
  since7: string;
  /** Likes given since this instant weigh in the trending score. */
  likedSince: string;
}

export function rollingWindow(now: Date): RollingWindow {
  const day = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString().slice(0, 10);
  return {
    since30: day(29 * DAY_MS),
    since7: day(6 * DAY_MS),
    likedSince: new Date(now.getTime() - 7 * DAY_MS).toISOString(),
  };
}

export interface ChunkResult {
  /** Repos in the chunk (the next `chunkRows` by id after `after`). */
  rows: number;
  /** Repos whose counts changed and were written. */
  changed: number;
  lastId?: string;
}

/**
 * One step of the rolling refresh: the next `chunkRows` repos by id after `after`. Downloads
 * and likes of those repos are aggregated once (GROUP BY) and only rows whose values differ are
 * updated, so an idle catalogue writes nothing.
 */
export async function refreshRollingChunk(
  db: Kysely<Database>,
  window: RollingWindow,
  after: string | undefined,
  chunkRows: number,
): Promise<ChunkResult> {
  const ids = await db
    .selectFrom("repos")
    .select("id")
    .$if(after !== undefined, (q) => q.where("id", ">", after ?? ""))
    .orderBy("id")
    .limit(chunkRows)
    .execute();
  if (ids.length === 0) return { rows: 0, changed: 0 };
  const first = ids[0].id;
  const last = ids[ids.length - 1].id;
  const inChunk = (column: string) => sql`${sql.ref(column)} >= ${first} AND ${sql.ref(column)} <= ${last}`;
  // REAL is float4 on PostgreSQL (the column type) and a double on SQLite: comparing the cast value
  // with the stored one is exact on both, so unchanged scores are not rewritten
  const result = await sql`
    UPDATE repos SET downloads_30d = fresh.d30, likes = fresh.likes, trending_score = fresh.score
    FROM (
      SELECT r.id AS id,
        COALESCE(dl.d30, 0) AS d30,
        r.seed_likes + COALESCE(lk.total, 0) AS likes,
        CAST(COALESCE(dl.d7, 0) / 7.0 + 5 * COALESCE(lk.recent, 0) AS REAL) AS score
      FROM repos r
      LEFT JOIN (
        SELECT repo_id, SUM(count) AS d30,
          SUM(CASE WHEN day >= ${window.since7} THEN count ELSE 0 END) AS d7
        FROM download_days
        WHERE ${inChunk("repo_id")} AND day >= ${window.since30}
        GROUP BY repo_id
      ) dl ON dl.repo_id = r.id
      LEFT JOIN (
        SELECT repo_id, COUNT(*) AS total,
          SUM(CASE WHEN created_at >= ${window.likedSince} THEN 1 ELSE 0 END) AS recent
        FROM likes
        WHERE ${inChunk("repo_id")}
        GROUP BY repo_id
      ) lk ON lk.repo_id = r.id
      WHERE ${inChunk("r.id")}
    ) AS fresh
    WHERE repos.id = fresh.id
      AND (repos.downloads_30d <> fresh.d30 OR repos.likes <> fresh.likes OR repos.trending_score <> fresh.score)
  `.execute(db);
  return { rows: ids.length, changed: Number(result.numAffectedRows ?? 0), lastId: last };
}
