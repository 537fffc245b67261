import type { ModelTree } from "@modelhub/api-types";
import { sql, type Kysely } from "kysely";
import type { BaseModelRelation } from "../content/derive/card-tags.js";
import type { Database } from "../db/schema.js";
import { searchNameOf } from "../db/search-indexes.js";
import { fromJsonText } from "./json-columns.js";
import { whereListFilters, type ListFilters } from "./list-filters.js";
import { lookupKey, type RepoRow } from "./repos.js";
import type { Viewer } from "../domain/repo.js";

/** The four relations the Hub knows between a model and its base model(s), in display order. */
export const BASE_MODEL_RELATIONS: readonly BaseModelRelation[] = [
  "adapter",
  "finetune",
  "merge",
  "quantized",
];

const BASE_PREFIX = "base_model:";
/** A merge of dozens of models is possible; the tree lists this many bases at most. */
const MAX_BASES = 100;

function isRelation(value: string): value is BaseModelRelation {
  return (BASE_MODEL_RELATIONS as readonly string[]).includes(value);
}

/**
 * The bases a model's derived tags name, with their relation (`base_model:{relation}:{id}`, written
 * for every base at each commit; the bare `base_model:{id}` tags carry no relation and are skipped).
 */
export function baseModelsOfTags(
  tags: readonly string[],
): { relation: BaseModelRelation; ids: string[] } | undefined {
  let relation: BaseModelRelation | undefined;
  const ids: string[] = [];
  for (const tag of tags) {
    if (!tag.startsWith(BASE_PREFIX)) continue;
    const rest = tag.slice(BASE_PREFIX.length);
    const colon = rest.indexOf(":");
    if (colon <= 0) continue;
    const kind = rest.slice(0, colon);
    const id = rest.slice(colon + 1);
    if (!isRelation(kind) || id === "") continue;
    relation ??= kind;
    if (!ids.includes(id)) ids.push(id);
  }
  return relation ? { relation, ids: ids.slice(0, MAX_BASES) } : undefined;
}

/** The tag a child carries for each relation to `id`: exactly what the listing's `filter=` matches. */
export function childTag(relation: BaseModelRelation, id: string): string {
  return `${BASE_PREFIX}${relation}:${id}`;
}

/** The model listing's own filters for this viewer: the same visibility rule as `GET /api/models`. */
function modelsVisibleTo(viewer: Viewer): ListFilters {
  return { type: "model", viewer, search: [], tags: [] };
}

/**
 * The model tree of one model (already checked readable by the caller): its bases, and per relation
 * how many models visible to the viewer name it as their base. Counts come from one grouped query over
 * `repo_tags` (the `(tag, repo_id)` index) with the listing's visibility filter, so each count equals
 * the length of `GET /api/models?filter=base_model:{relation}:{id}` for the same viewer.
 */
export async function modelTreeOf(db: Kysely<Database>, row: RepoRow, viewer: Viewer): Promise<ModelTree> {
  const childrenModelCount = await countChildren(db, row, viewer);
  const bases = baseModelsOfTags(fromJsonText<string[]>(row.tags, []));
  if (!bases || bases.ids.length === 0) return { _id: row.id, id: row.full_id, childrenModelCount };
  const keys = bases.ids.map((id) => lookupKey("model", id));
  const found = await whereListFilters(db.selectFrom("repos"), modelsVisibleTo(viewer), searchNameOf(db))
    .where("lookup_key", "in", keys)
    .select("lookup_key")
    .execute();
  const visible = new Set(found.map((f) => f.lookup_key));
  const models = bases.ids.map((id) => ({ id, exists: visible.has(lookupKey("model", id)) }));
  return {
    _id: row.id,
    id: row.full_id,
    baseModels: { relation: bases.relation, models },
    childrenModelCount,
  };
}

/** One grouped query: per relation, the visible models whose tags name `row` as their base. */
async function countChildren(
  db: Kysely<Database>,
  row: RepoRow,
  viewer: Viewer,
): Promise<Record<BaseModelRelation, number>> {
  const childTags = BASE_MODEL_RELATIONS.map((relation) => childTag(relation, row.full_id));
  const counted = await whereListFilters(db.selectFrom("repos"), modelsVisibleTo(viewer), searchNameOf(db))
    .innerJoin("repo_tags", "repo_tags.repo_id", "repos.id")
    .where("repo_tags.tag", "in", childTags)
    .select(["repo_tags.tag as tag", sql<number | string | bigint>`count(*)`.as("count")])
    .groupBy("repo_tags.tag")
    .execute();
  const children = Object.fromEntries(BASE_MODEL_RELATIONS.map((relation) => [relation, 0])) as Record<
    BaseModelRelation,
    number
  >;
  for (const { tag, count } of counted) {
    const relation = BASE_MODEL_RELATIONS[childTags.indexOf(tag)];
    if (relation) children[relation] = Number(count);
  }
  return children;
}
