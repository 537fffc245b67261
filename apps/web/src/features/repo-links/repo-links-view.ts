import { paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";

export interface LinkedRepo {
  id: string;
  href: string;
}

export interface LinkGroup {
  kind: Exclude<RepoType, "space">;
  label: string;
  repos: LinkedRepo[];
}

/** How many spaces the model card shows before "Show all". */
export const SPACES_SHOWN = 8;

/** Valid `owner/name` (or bare `name`) ids without repeats (case aside); anything else is dropped. */
function cleanIds(ids: unknown): string[] {
  if (!Array.isArray(ids)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of ids) {
    if (typeof raw !== "string") continue;
    const id = raw.trim();
    if (!/^[\w.-]+(\/[\w.-]+)?$/.test(id) || /(^|\/)\.\.?(\/|$)/.test(id)) continue;
    if (seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    out.push(id);
  }
  return out;
}

function linked(type: RepoType, ids: string[]): LinkedRepo[] {
  return ids.map((id) => ({ id, href: paths.repo(type, id) }));
}

/**
 * "Spaces using this model": the spaces the hub returned (most liked first), the first
 * `SPACES_SHOWN` unless expanded; undefined when there are none, so the card is hidden.
 */
export function spacesUsingView(
  spaces: unknown,
  expanded: boolean,
): { total: number; shown: LinkedRepo[]; hidden: number } | undefined {
  const ids = cleanIds(spaces);
  if (ids.length === 0) return undefined;
  const shown = expanded ? ids : ids.slice(0, SPACES_SHOWN);
  return { total: ids.length, shown: linked("space", shown), hidden: ids.length - shown.length };
}

/** A space's "Models used" / "Datasets used", each only when its card names some. */
export function spaceUsesView(models: unknown, datasets: unknown): LinkGroup[] {
  const groups: LinkGroup[] = [
    { kind: "model", label: "Models used", repos: linked("model", cleanIds(models)) },
    { kind: "dataset", label: "Datasets used", repos: linked("dataset", cleanIds(datasets)) },
  ];
  return groups.filter((group) => group.repos.length > 0);
}
