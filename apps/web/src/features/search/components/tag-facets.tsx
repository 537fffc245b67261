import { useSearchParams } from "react-router";
import { FilterGroup } from "./filter-group.js";

const NO_KNOWN_TAGS: never[] = [];

/**
 * "Other tags" with counts; picking one adds a `filter=` parameter (several may be combined: every
 * tag must match), picking it again removes it.
 */
export function TagFacets({ title = "Other tags" }: { title?: string }) {
  const [search, setSearch] = useSearchParams();
  const active = search.getAll("filter");
  return (
    <FilterGroup
      title={title}
      facet="tag"
      choices={NO_KNOWN_TAGS}
      selected={active}
      initiallyShown={12}
      onSelect={(value, clicked) => {
        const next = new URLSearchParams(search);
        next.delete("filter");
        for (const tag of active) if (tag !== clicked) next.append("filter", tag);
        if (value !== undefined) next.append("filter", value);
        next.delete("cursor");
        setSearch(next);
      }}
    />
  );
}
