import type { QuickSearchResult } from "@modelhub/api-types";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { listRepos } from "./search.js";
import type { RepoType, Viewer } from "../domain/repo.js";

/** `%`, `_` and the escape character itself match literally in LIKE patterns. */
function likeContaining(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

async function repoIds(db: Kysely<Database>, viewer: Viewer, type: RepoType, q: string, limit: number) {
  const page = await listRepos(db, {
    type,
    viewer,
    search: [q],
    tags: [],
    sort: "trending",
    direction: -1,
    limit,
  });
  return page.rows.map((row) => ({ id: row.full_id }));
}

/**
 * What the header's typeahead shows: a few repos of each kind (the listing's own search and visibility
 * rules, most popular first) and the users and organisations whose name contains the text.
 */
export async function quickSearch(
  db: Kysely<Database>,
  viewer: Viewer,
  q: string,
  limit: number,
): Promise<QuickSearchResult> {
  const pattern = likeContaining(q);
  const [models, datasets, spaces, kernels, users, orgs] = await Promise.all([
    repoIds(db, viewer, "model", q, limit),
    repoIds(db, viewer, "dataset", q, limit),
    repoIds(db, viewer, "space", q, limit),
    repoIds(db, viewer, "kernel", q, limit),
    db
      .selectFrom("users")
      .select(["name", "fullname"])
      .where(sql<boolean>`name_lower like ${pattern} escape '\\'`)
      .orderBy("name_lower")
      .limit(limit)
      .execute(),
    db
      .selectFrom("orgs")
      .select(["name", "fullname"])
      .where(sql<boolean>`name_lower like ${pattern} escape '\\'`)
      .orderBy("name_lower")
      .limit(limit)
      .execute(),
  ]);
  return {
    q,
    models,
    datasets,
    spaces,
    kernels,
    users: users.map((row) => ({ user: row.name, fullname: row.fullname })),
    orgs: orgs.map((row) => ({ name: row.name, fullname: row.fullname })),
  };
}
