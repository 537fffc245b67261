import type { Facets, FacetValue } from "@modelhub/api-types";
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema.js";
import { searchNameOf } from "../db/search-indexes.js";
import { withSearchTags, whereListFilters, type ListFilters } from "./list-filters.js";

export const MAX_FACET_SIZE = 50;

/** The space SDKs; a space's SDK is also one of its tags, which is how the listing filters by it. */
export const SPACE_SDKS: readonly string[] = ["gradio", "streamlit", "docker", "static"];

/** The listing's filters; sort, direction, limit and cursor do not change counts. */
export type FacetQuery = ListFilters;

type RepoFilter = SelectQueryBuilder<Database, "repos", object>;

/** The repos a listing with the same filters would return. */
export function filteredRepos(db: Kysely<Database>, query: FacetQuery): RepoFilter {
  return whereListFilters(db.selectFrom("repos"), query, searchNameOf(db));
}

// Tags with these prefixes identify single papers, datasets or models: too many distinct values to
// help as filters, so no facet counts them (the `filter` parameter still takes them).
const NOISY_PREFIXES = ["arxiv:", "base_model:", "dataset:", "doi:", "region:"];
const LICENSE_PREFIX = "license:";
const LANGUAGE_PREFIX = "language:";

/** `[from, to)` bounds of every tag starting with `prefix`: an index range, unlike LIKE on SQLite. */
function prefixRange(prefix: string): [string, string] {
  const last = prefix.charCodeAt(prefix.length - 1);
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1)];
}

function hasPrefix(prefix: string) {
  const [from, to] = prefixRange(prefix);
  return sql<boolean>`(repo_tags.tag >= ${from} and repo_tags.tag < ${to})`;
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

function isLanguageCode(code: string): boolean {
  try {
    return languageNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Models list languages as bare ISO 639-1 codes among their tags ("en"), datasets as `language:xx`.
 * Only two-letter codes count when bare: three-letter ones collide with model types ("sam").
 * The set is derived once from the runtime's language names (aa … zz).
 */
export const BARE_LANGUAGE_TAGS: ReadonlySet<string> = (() => {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const codes = [...letters].flatMap((first) => [...letters].map((second) => first + second));
  return new Set([...codes.filter(isLanguageCode), "multilingual"]);
})();

type CountRow = { count: number | string | bigint };

/** Counts per value, most frequent first (ties by value), at most `top`. */
class Tally {
  private readonly counts = new Map<string, number>();

  add(value: string, count: number): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + count);
  }

  set(value: string, count: number): void {
    this.counts.set(value, count);
  }

  has(value: string): boolean {
    return this.counts.has(value);
  }

  top(size: number): FacetValue[] {
    return [...this.counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, size);
  }
}

interface PairCount {
  task: string | null;
  library: string | null;
  count: number;
}

function isBroad(query: FacetQuery): boolean {
  return (
    query.search.every((term) => term.trim() === "") &&
    !query.author &&
    query.tags.length === 0 &&
    !query.language &&
    !query.license &&
    (query.providers ?? []).length === 0 &&
    query.gated === undefined
  );
}

/** Repos per (task, library) pair. */
async function countPairs(db: Kysely<Database>, query: FacetQuery, base: RepoFilter): Promise<PairCount[]> {
  const pairsOf = async (source: RepoFilter) =>
    (
      await source
        .select([
          "repos.pipeline_tag as task",
          "repos.library_name as library",
          sql<number>`count(*)`.as("count"),
        ])
        .groupBy(["repos.pipeline_tag", "repos.library_name"])
        .execute()
    ).map((row) => ({ task: row.task, library: row.library, count: Number(row.count) }));
  const byTaskOrLibrary = (source: RepoFilter) => {
    let q = source.where("repos.type", "=", query.type);
    if (query.pipelineTag) q = q.where("repos.pipeline_tag", "=", query.pipelineTag);
    if (query.library) q = q.where("repos.library_name", "=", query.library);
    return q;
  };
  if (!isBroad(query)) {
    // With a task or library filter the (type, pipeline_tag, library_name, …) index finds the rows;
    // otherwise the ids come from a narrow index first, so only matching (wide) rows are read.
    return pairsOf(
      query.pipelineTag || query.library
        ? base
        : db.selectFrom("repos").where("repos.id", "in", base.select("repos.id")),
    );
  }
  // Only visibility filters: every repo of the kind, read from the (type, pipeline_tag, library_name)
  // index alone, less the few private repos this viewer may not see.
  const everyone = pairsOf(byTaskOrLibrary(db.selectFrom("repos")));
  if (query.viewer.isAdmin) return everyone;
  const namespaces = query.viewer.user ? [query.viewer.user, ...query.viewer.orgs] : [];
  let hidden = byTaskOrLibrary(
    db
      .selectFrom("repos")
      .where(
        "repos.id",
        "in",
        db
          .selectFrom("repos")
          .select("repos.id")
          .where("repos.type", "=", query.type)
          .where("repos.private", "=", 1),
      ),
  );
  if (namespaces.length > 0) hidden = hidden.where("repos.owner", "not in", namespaces);
  const [all, invisible] = await Promise.all([everyone, pairsOf(hidden)]);
  const key = (pair: PairCount) => JSON.stringify([pair.task, pair.library]);
  const removed = new Map(invisible.map((pair) => [key(pair), pair.count]));
  return all
    .map((pair) => ({ ...pair, count: pair.count - (removed.get(key(pair)) ?? 0) }))
    .filter((pair) => pair.count > 0);
}

/**
 * Counts for the repos a listing with the same filters would return (every page, not one), in two
 * GROUP BY queries: task × library pairs over the repos, and tags over the tag table.
 */
export async function countFacets(db: Kysely<Database>, query: FacetQuery, size: number): Promise<Facets> {
  const top = Math.max(1, Math.min(size, MAX_FACET_SIZE));
  query = await withSearchTags(db, query);
  const base = filteredRepos(db, query);
  const matchingIds = base.select("repos.id");
  const count = sql<number>`count(*)`.as("count");
  const [pairs, tagRows] = await Promise.all([
    countPairs(db, query, base),
    db
      .selectFrom("repo_tags")
      .where("repo_tags.repo_id", "in", matchingIds)
      .where((eb) => eb.and(NOISY_PREFIXES.map((prefix) => eb.not(hasPrefix(prefix)))))
      .select(["repo_tags.tag as tag", count])
      .groupBy("repo_tags.tag")
      .execute(),
  ]);

  let total = 0;
  const tasks = new Tally();
  const libraries = new Tally();
  for (const row of pairs) {
    total += row.count;
    if (row.task !== null) tasks.add(row.task, row.count);
    if (row.library !== null) libraries.add(row.library, row.count);
  }

  const licenses = new Tally();
  const languages = new Tally();
  // counted over the same filtered repos: the count of an SDK is the size of the listing with its tag
  const sdks = new Tally();
  const isSdk = (tag: string) => query.type === "space" && SPACE_SDKS.includes(tag);
  const others = new Tally();
  const bareLanguages = new Set<string>();
  const prefixedLanguages = new Set<string>();
  for (const row of tagRows as (CountRow & { tag: string })[]) {
    const n = Number(row.count);
    if (isSdk(row.tag)) sdks.add(row.tag, n);
    else if (row.tag.startsWith(LICENSE_PREFIX)) licenses.add(row.tag.slice(LICENSE_PREFIX.length), n);
    else if (row.tag.startsWith(LANGUAGE_PREFIX)) {
      const code = row.tag.slice(LANGUAGE_PREFIX.length);
      prefixedLanguages.add(code);
      languages.add(code, n);
    } else if (BARE_LANGUAGE_TAGS.has(row.tag)) {
      bareLanguages.add(row.tag);
      languages.add(row.tag, n);
    } else if (!tasks.has(row.tag) && !libraries.has(row.tag)) {
      // the task and library have facets of their own
      others.add(row.tag, n);
    }
  }
  // a repo tagged both "en" and "language:en" counts once for "en"
  const doubled = [...bareLanguages].filter((code) => prefixedLanguages.has(code));
  if (doubled.length > 0) {
    const exact = await db
      .selectFrom("repo_tags")
      .where("repo_tags.repo_id", "in", matchingIds)
      .where(
        "repo_tags.tag",
        "in",
        doubled.flatMap((code) => [code, `${LANGUAGE_PREFIX}${code}`]),
      )
      .select([
        sql<string>`case when repo_tags.tag like 'language:%' then substr(repo_tags.tag, 10) else repo_tags.tag end`.as(
          "code",
        ),
        sql<number>`count(distinct repo_tags.repo_id)`.as("count"),
      ])
      .groupBy(sql`1`)
      .execute();
    for (const row of exact) languages.set(row.code, Number(row.count));
  }

  return {
    total,
    pipeline_tag: tasks.top(top),
    library: libraries.top(top),
    language: languages.top(top),
    license: licenses.top(top),
    tags: others.top(top),
    sdk: sdks.top(top),
  };
}
