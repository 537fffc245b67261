import { useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useFacets } from "./api/get-facets.js";
import { countedChoices, facetGroupOfTitle, type FacetGroup, type FilterChoice } from "./facet-choices.js";
import { facetParamsOf, repoTypeOfPath } from "./facet-params.js";

export interface CountedChoices {
  choices: FilterChoice[];
  /** `loading` before the first counts arrive; `plain` when the group has no facet or counting failed. */
  state: "plain" | "loading" | "counted";
  /** Counts of the previous query shown while the new ones load. */
  stale: boolean;
}

/** A filter group's choices with counts for the listing query in the page URL. */
export function useCountedChoices(
  title: string,
  facet: FacetGroup | false | undefined,
  choices: FilterChoice[],
  selected: readonly string[],
): CountedChoices {
  const group = facet === false ? undefined : (facet ?? facetGroupOfTitle(title));
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const type = repoTypeOfPath(pathname);
  const params = useMemo(() => facetParamsOf(search, type), [search, type]);
  const facets = useFacets(type, params, group !== undefined);
  const counted = useMemo(
    () => (group && facets.data ? countedChoices(group, type, facets.data, choices, selected) : undefined),
    [group, type, facets.data, choices, selected],
  );
  if (!group) return { choices, state: "plain", stale: false };
  if (counted) return { choices: counted, state: "counted", stale: facets.isPlaceholderData };
  if (facets.isError) return { choices, state: "plain", stale: false };
  return { choices, state: "loading", stale: false };
}
