import type { DayCount } from "@modelhub/api-types";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

const DAY_MS = 86_400_000;

/** Downloads per UTC day over the `days` days up to and including `now`'s day, missing days as 0. */
export async function dailyDownloads(
  db: Kysely<Database>,
  repoId: string,
  days: number,
  now = new Date(),
): Promise<DayCount[]> {
  const dayOf = (offset: number) => new Date(now.getTime() - offset * DAY_MS).toISOString().slice(0, 10);
  const wanted = Array.from({ length: days }, (_, i) => dayOf(days - 1 - i));
  const rows = await db
    .selectFrom("download_days")
    .select(["day", "count"])
    .where("repo_id", "=", repoId)
    .where("day", ">=", wanted[0])
    .where("day", "<=", wanted[wanted.length - 1])
    .execute();
  const counts = new Map(rows.map((row) => [row.day, Number(row.count)]));
  return wanted.map((day) => ({ day, count: counts.get(day) ?? 0 }));
}
