import type { BaseModelRelation, ModelTree } from "@modelhub/api-types";
import { paths } from "../../config/paths.js";

export interface ModelTreeView {
  /** "Base model" or "Base models". */
  baseLabel: string;
  bases: { id: string; href?: string }[];
  /** How this model relates to its bases, e.g. "quantized". */
  relation?: BaseModelRelation;
  /** Relations with at least one model, in the Hub's order, each linking to that listing. */
  children: { relation: BaseModelRelation; label: string; count: number; href: string }[];
}

const CHILD_LABELS: [BaseModelRelation, string][] = [
  ["adapter", "Adapters"],
  ["finetune", "Finetunes"],
  ["merge", "Merges"],
  ["quantized", "Quantizations"],
];

/** The listing of the models that name `id` as their base with this relation. */
export function childrenHref(relation: BaseModelRelation, id: string): string {
  return paths.listing("model", new URLSearchParams({ filter: `base_model:${relation}:${id}` }));
}

/** What the card shows; undefined when the model has neither a base nor children (no card). */
export function modelTreeView(tree: ModelTree | undefined): ModelTreeView | undefined {
  if (!tree) return undefined;
  const bases = (tree.baseModels?.models ?? []).map((base) => ({
    id: base.id,
    href: base.exists ? paths.repo("model", base.id) : undefined,
  }));
  const children = CHILD_LABELS.flatMap(([relation, label]) => {
    const count = tree.childrenModelCount[relation] ?? 0;
    return count > 0 ? [{ relation, label, count, href: childrenHref(relation, tree.id) }] : [];
  });
  if (bases.length === 0 && children.length === 0) return undefined;
  return {
    baseLabel: bases.length > 1 ? "Base models" : "Base model",
    bases,
    relation: bases.length > 0 ? tree.baseModels?.relation : undefined,
    children,
  };
}
