import { licenseLabel } from "./license-label.js";
import type { Facets, FacetValue, RepoType } from "@modelhub/api-types";

/** One chip of a filter group: the value the listing filters by, its label, and how many results have it. */
export interface FilterChoice {
  value: string;
  label: string;
  count?: number;
}

/** Which facet of the answer a filter group shows. */
export type FacetGroup = "task" | "library" | "language" | "license" | "tag" | "sdk";

const GROUP_OF_TITLE: Record<string, FacetGroup> = {
  tasks: "task",
  task: "task",
  libraries: "library",
  library: "library",
  languages: "language",
  language: "language",
  licenses: "license",
  license: "license",
  tags: "tag",
  "other tags": "tag",
  sdk: "sdk",
  sdks: "sdk",
};

/** A group named like the listing's own ("Tasks", "Licenses", …) needs no explicit `facet`. */
export function facetGroupOfTitle(title: string): FacetGroup | undefined {
  return GROUP_OF_TITLE[title.trim().toLowerCase()];
}

const DATASET_TASK_PREFIX = "task_categories:";

function valuesOf(group: FacetGroup, type: RepoType, facets: Facets): FacetValue[] {
  switch (group) {
    case "task":
      // datasets carry their tasks as tags; the listing filters them the same way
      return type === "dataset"
        ? facets.tags
            .filter((tag) => tag.value.startsWith(DATASET_TASK_PREFIX))
            .map((tag) => ({ value: tag.value.slice(DATASET_TASK_PREFIX.length), count: tag.count }))
        : facets.pipeline_tag;
    case "library":
      return facets.library;
    case "language":
      return facets.language;
    case "license":
      return facets.license;
    case "sdk":
      // spaces only (the hub sends an empty list for models and datasets)
      return facets.sdk ?? [];
    case "tag":
      return type === "dataset"
        ? facets.tags.filter((tag) => !tag.value.startsWith(DATASET_TASK_PREFIX))
        : facets.tags;
  }
}

let languageNames: Intl.DisplayNames | undefined;
function languageLabel(code: string): string | undefined {
  try {
    languageNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    return languageNames.of(code);
  } catch {
    return undefined;
  }
}

/**
 * The values present in the current results, most frequent first, labelled like the static choices;
 * selected values stay listed even when the answer does not count it.
 */
export function countedChoices(
  group: FacetGroup,
  type: RepoType,
  facets: Facets,
  known: FilterChoice[],
  selected: readonly string[],
): FilterChoice[] {
  const labels = new Map(known.map((choice) => [choice.value, choice.label]));
  const label = (value: string) =>
    labels.get(value) ??
    (group === "language" ? languageLabel(value) : group === "license" ? licenseLabel(value) : undefined) ??
    value;
  const choices = valuesOf(group, type, facets).map((facet) => ({
    value: facet.value,
    label: label(facet.value),
    count: facet.count,
  }));
  const missing = selected.filter((value) => !choices.some((choice) => choice.value === value));
  // A selected value filters the listing, so every result has it (e.g. `base_model:…` tags, never counted).
  return [...missing.map((value) => ({ value, label: label(value), count: facets.total })), ...choices];
}
