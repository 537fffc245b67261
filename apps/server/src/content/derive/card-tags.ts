import { stringList } from "../../cards/front-matter.js";

export type BaseModelRelation = "finetune" | "adapter" | "quantized" | "merge";
const RELATIONS = new Set<string>(["finetune", "adapter", "quantized", "merge"]);

export function baseModelTags(cardData: Record<string, unknown>, inferred: BaseModelRelation): string[] {
  const bases = stringList(cardData.base_model);
  if (bases.length === 0) return [];
  const explicit = cardData.base_model_relation;
  const relation =
    typeof explicit === "string" && RELATIONS.has(explicit)
      ? explicit
      : bases.length > 1
        ? "merge"
        : inferred;
  return bases.flatMap((base) => [`base_model:${base}`, `base_model:${relation}:${base}`]);
}

export function arxivTags(readme: string): string[] {
  const ids = new Set<string>();
  for (const match of readme.matchAll(/arxiv\.org\/(?:abs|pdf)\/(\d{4}\.\d{4,5})/gi)) ids.add(match[1]);
  return [...ids].slice(0, 20).map((id) => `arxiv:${id}`);
}

const DATASET_KEYED = [
  "task_categories",
  "task_ids",
  "size_categories",
  "multilinguality",
  "source_datasets",
  "annotations_creators",
  "language_creators",
];

export function datasetCardTags(cardData: Record<string, unknown>): string[] {
  const tags: string[] = [...stringList(cardData.tags)];
  for (const key of DATASET_KEYED)
    for (const value of stringList(cardData[key])) tags.push(`${key}:${value}`);
  for (const value of stringList(cardData.language)) tags.push(`language:${value}`);
  for (const value of stringList(cardData.license)) tags.push(`license:${value}`);
  return tags;
}
