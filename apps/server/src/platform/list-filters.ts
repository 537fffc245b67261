import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema.js";
import { APP_REQUIREMENTS } from "./app-filters.js";
import type { ParameterRange } from "./parameter-range.js";
import type { RepoType, Viewer } from "../domain/repo.js";
import { isNamespaceMember, type MemberViewer } from "./access-rules.js";
import { scopesWith, type FineGrained } from "./token-scope.js";

/** What narrows a listing (a `ListQuery` adds only how to order and page it). */
export interface ListQueryFilters {
  type: RepoType;
  viewer: Viewer;
  search: string[];
  author?: string;
  /** Every tag must be present. */
  tags: string[];
  pipelineTag?: string;
  library?: string;
  language?: string;
  license?: string;
  /** Only repos with a provider mapping for one of these providers (`all` = any). */
  providers?: string[];
  gated?: boolean;
  /** `local`: the hub's own repos; `mirror`: repos mirrored from the upstream hub. */
  source?: "local" | "mirror";
  /** Local apps (`apps=llama.cpp`): each must be able to run the model (see app-filters.ts). */
  apps?: string[];
  /** Models whose safetensors parameter count is within the range (models without a count are left out). */
  numParameters?: ParameterRange;
  /** Spaces only: each entry needs a card link of that kind (any when unset) to that id (any when unset). */
  links?: { kind?: "model" | "dataset"; target?: string }[];
}

/** The filters as the query builder reads them. */
export type ListFilters = ListQueryFilters & {
  /** Search words that are also tags of some repo (see `withSearchTags`): they match by tag too. */
  searchTags?: readonly string[];
};

/** The words of the search terms, lower-cased; at most 8, so one request cannot add unbounded clauses. */
export function searchWords(terms: readonly string[]): string[] {
  const words = terms.flatMap((term) => term.toLowerCase().split(/\s+/)).filter((word) => word !== "");
  return [...new Set(words)].slice(0, 8);
}

/** The query with `searchTags` set: which of its search words some repo carries as a tag. */
export async function withSearchTags<Q extends ListFilters>(db: Kysely<Database>, query: Q): Promise<Q> {
  const words = searchWords(query.search);
  if (words.length === 0 || query.searchTags) return query;
  const rows = await db.selectFrom("repo_tags").select("tag").distinct().where("tag", "in", words).execute();
  return { ...query, searchTags: rows.map((row) => row.tag) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Public repos, and the private ones both the user and the fine-grained token's read scopes reach. */
function whereFineGrainedVisible<O>(
  q: SelectQueryBuilder<Database, "repos", O>,
  viewer: Viewer,
  grants: FineGrained,
  type: RepoType,
): SelectQueryBuilder<Database, "repos", O> {
  const member = (owner: string) => viewer.isAdmin === true || isNamespaceMember(viewer, owner);
  const scopes = scopesWith(grants, "repo.content.read");
  const namespaces = scopes.namespaces.filter(member);
  const keys = scopes.repos
    .filter((repo) => repo.type === type && member(repo.name.split("/")[0]))
    // the `lookup_key` column's form (repos.ts lookupKey; imported from there it would close a cycle)
    .map((repo) => `${type}:${repo.name.toLowerCase()}`);
  return q.where((eb) =>
    eb.or([
      eb("private", "=", 0),
      ...(namespaces.length > 0 ? [eb("owner", "in", namespaces)] : []),
      ...(keys.length > 0 ? [eb("lookup_key", "in", keys)] : []),
    ]),
  );
}

/**
 * The WHERE clauses of a listing (type, visibility for the viewer, search terms, author, task,
 * library, tag sets, providers, gating). Listings and facet counts both use it, so a facet count
 * always equals the size of the listing it would open. `searchName` is the dialect's lower-cased
 * `owner/name` (see `searchNameOf`).
 */
export function whereListFilters<O>(
  q: SelectQueryBuilder<Database, "repos", O>,
  query: ListFilters,
  searchName: RawBuilder<string>,
): SelectQueryBuilder<Database, "repos", O> {
  q = q.where("type", "=", query.type);
  const viewer = query.viewer;
  const grants = (viewer as MemberViewer).fineGrained;
  if (grants) q = whereFineGrainedVisible(q, viewer, grants, query.type);
  else if (!viewer.isAdmin) {
    const namespaces = viewer.user ? [viewer.user, ...viewer.orgs] : [];
    q =
      namespaces.length > 0
        ? q.where((eb) => eb.or([eb("private", "=", 0), eb("owner", "in", namespaces)]))
        : q.where("private", "=", 0);
  }
  // Every word must appear in the id ("qwen2.5 7b" finds Qwen/Qwen2.5-7B-Instruct), in any order, or
  // be one of the repo's tags ("mistral gguf"). Only words known to be tags get the second test, so a
  // search for rare words keeps its trigram plan on PostgreSQL.
  for (const word of searchWords(query.search)) {
    const inId = sql<boolean>`${searchName} like ${`%${escapeLike(word)}%`} escape '\\'`;
    if (!query.searchTags?.includes(word)) {
      q = q.where(inId);
      continue;
    }
    q = q.where((eb) =>
      eb.or([
        inId,
        eb(
          "id",
          "in",
          eb.selectFrom("repo_tags").select("repo_tags.repo_id").where("repo_tags.tag", "=", word),
        ),
      ]),
    );
  }
  if (query.author) q = q.where(sql<boolean>`lower(owner) = ${query.author.toLowerCase()}`);
  if (query.pipelineTag) q = q.where("pipeline_tag", "=", query.pipelineTag);
  if (query.numParameters?.min !== undefined) q = q.where("num_parameters", ">=", query.numParameters.min);
  if (query.numParameters?.max !== undefined) q = q.where("num_parameters", "<=", query.numParameters.max);
  if (query.library) q = q.where("library_name", "=", query.library);
  const tagSets: string[][] = query.tags.map((tag) => [tag]);
  if (query.language) tagSets.push([query.language, `language:${query.language}`]);
  if (query.license) tagSets.push([`license:${query.license}`]);
  for (const app of query.apps ?? []) {
    const requirement = Object.hasOwn(APP_REQUIREMENTS, app) ? APP_REQUIREMENTS[app] : undefined;
    if (!requirement) continue;
    if (requirement.kind === "tag") tagSets.push(requirement.anyOf);
    else {
      q = q.where("library_name", "=", requirement.library).where("pipeline_tag", "in", requirement.tasks);
    }
  }
  for (const options of tagSets) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("repo_tags as wanted")
          .select("wanted.tag")
          .whereRef("wanted.repo_id", "=", "repos.id")
          .where("wanted.tag", "in", options),
      ),
    );
  }
  const providers = query.providers ?? [];
  if (providers.length > 0) {
    q = q.where(({ exists, selectFrom }) => {
      let sub = selectFrom("provider_mappings")
        .select("provider_mappings.provider")
        .whereRef("provider_mappings.repo_id", "=", "repos.id");
      if (!providers.includes("all")) sub = sub.where("provider_mappings.provider", "in", providers);
      return exists(sub);
    });
  }
  if (query.gated !== undefined) q = q.where("gated", query.gated ? "!=" : "=", "false");
  if (query.source) q = q.where("mirror_upstream", query.source === "mirror" ? "is not" : "is", null);
  for (const link of query.links ?? []) {
    q = q.where(({ exists, selectFrom }) => {
      let sub = selectFrom("repo_links")
        .select("repo_links.kind")
        .whereRef("repo_links.repo_id", "=", "repos.id");
      if (link.kind) sub = sub.where("repo_links.kind", "=", link.kind);
      if (link.target) sub = sub.where("repo_links.target_lower", "=", link.target.toLowerCase());
      return exists(sub);
    });
  }
  return q;
}
