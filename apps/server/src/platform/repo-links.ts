import type { Kysely } from "kysely";
import type { Database, RepoLinkTable } from "../db/schema.js";
import { searchNameOf } from "../db/search-indexes.js";
import { stringList } from "../cards/front-matter.js";
import { fromJsonText } from "./json-columns.js";
import { whereListFilters } from "./list-filters.js";
import type { Viewer } from "../domain/repo.js";

/**
 * Links from a space to the models and datasets its card names (`models:` / `datasets:` in the
 * README front matter). They are keyed by the target's id text, as on the Hub: a link follows the
 * name, not the repo, so renaming a model leaves the spaces that name its old id behind.
 */
export type LinkKind = "model" | "dataset";

export interface CardLinks {
  models: string[];
  datasets: string[];
}

/** The Hub's model page lists at most this many spaces using a model. */
export const SPACES_USING_CAP = 100;

/** A card list, trimmed, without repeats (ids compare without case; the first spelling wins). */
function distinctIds(value: unknown): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of stringList(value)) {
    const key = id.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(id);
  }
  return out;
}

/** The models and datasets a space's card names. */
export function cardLinks(cardData: unknown): CardLinks {
  const card = cardData !== null && typeof cardData === "object" ? (cardData as Record<string, unknown>) : {};
  return { models: distinctIds(card.models), datasets: distinctIds(card.datasets) };
}

export function linkRows(repoId: string, links: CardLinks): RepoLinkTable[] {
  const rows = (kind: LinkKind, ids: string[]) =>
    ids.map((target) => ({ repo_id: repoId, kind, target_lower: target.toLowerCase(), target }));
  return [...rows("model", links.models), ...rows("dataset", links.datasets)];
}

/** Replaces the links of one repo (inside the caller's transaction). */
export async function replaceLinks(trx: Kysely<Database>, repoId: string, links: CardLinks): Promise<void> {
  await trx.deleteFrom("repo_links").where("repo_id", "=", repoId).execute();
  await insertLinks(trx, linkRows(repoId, links));
}

/** Inserts in slices, so a card with a very long list stays under the dialects' bound-parameter limits. */
async function insertLinks(db: Kysely<Database>, rows: RepoLinkTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    await db
      .insertInto("repo_links")
      .values(rows.slice(start, start + INSERT_SLICE))
      .execute();
  }
}

/**
 * Ids of the spaces whose card names `target` (a model or dataset id, any case) and that the viewer
 * may see (private ones only for their owner's namespace members and admins, as listings decide),
 * most liked first, at most `limit`.
 */
export async function spacesLinkingTo(
  db: Kysely<Database>,
  kind: LinkKind,
  target: string,
  viewer: Viewer,
  limit = SPACES_USING_CAP,
): Promise<string[]> {
  // driven from the (kind, target_lower) index, then the listing's visibility rule on those spaces
  const rows = await whereListFilters(
    db.selectFrom("repos").select("full_id"),
    { type: "space", viewer, search: [], tags: [] },
    searchNameOf(db),
  )
    .where(
      "id",
      "in",
      db
        .selectFrom("repo_links")
        .select("repo_id")
        .where("kind", "=", kind)
        .where("target_lower", "=", target.toLowerCase()),
    )
    .orderBy("likes", "desc")
    .orderBy("lookup_key", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.full_id);
}

const BACKFILL_BATCH = 500;
const INSERT_SLICE = 1000;

/**
 * Links of the spaces stored before the link table existed, from their stored card: a startup job
 * (compose/startup-jobs.ts) that migration 0006 asks for. Each space's links are recomputed (deleted,
 * then inserted), so a second run gives the same rows.
 */
export async function backfillRepoLinks(db: Kysely<Database>): Promise<void> {
  let after = "";
  for (;;) {
    const spaces = await db
      .selectFrom("repos")
      .select(["id", "card_data"])
      .where("type", "=", "space")
      .where("card_data", "is not", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BACKFILL_BATCH)
      .execute();
    if (spaces.length === 0) return;
    const rows = spaces.flatMap((space) =>
      linkRows(space.id, cardLinks(fromJsonText<unknown>(space.card_data, undefined))),
    );
    await db
      .deleteFrom("repo_links")
      .where(
        "repo_id",
        "in",
        spaces.map((space) => space.id),
      )
      .execute();
    await insertLinks(db, rows);
    after = spaces[spaces.length - 1].id;
  }
}
