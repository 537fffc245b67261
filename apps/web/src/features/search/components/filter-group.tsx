import { useState } from "react";
import type { FacetGroup, FilterChoice } from "../facet-choices.js";
import { useCountedChoices } from "../use-counted-choices.js";

interface FilterGroupProps {
  title: string;
  choices: FilterChoice[];
  /** One value, or several for groups that combine (tags). */
  selected?: string | readonly string[];
  /** `undefined` when the clicked chip was selected (a second click clears it). */
  onSelect: (value: string | undefined, clicked: string) => void;
  initiallyShown?: number;
  /** Facet whose counts replace `choices`; inferred from a usual title, `false` for plain chips. */
  facet?: FacetGroup | false;
}

const PLACEHOLDER_WIDTHS = [92, 64, 118, 76, 104, 58, 86, 70];

export function FilterGroup({
  title,
  choices: known,
  selected,
  onSelect,
  initiallyShown = 14,
  facet,
}: FilterGroupProps) {
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState("");
  const picked: readonly string[] =
    selected === undefined ? [] : typeof selected === "string" ? [selected] : selected;
  const isPicked = (value: string) => picked.includes(value);
  const { choices, state, stale } = useCountedChoices(title, facet, known, picked);
  const filtered = query
    ? choices.filter((c) => c.label.toLowerCase().includes(query.toLowerCase()))
    : choices;
  const collapsed = filtered.slice(0, initiallyShown);
  // Active choices stay visible even when they sit past the collapsed list.
  const hidden = filtered.filter((c) => isPicked(c.value) && !collapsed.includes(c));
  const shown = expanded || query ? filtered : [...hidden, ...collapsed];
  const headingId = `filter-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      className="filter-group"
      aria-labelledby={headingId}
      aria-busy={state === "loading" || stale}
      data-facet-state={state}
    >
      <h2 id={headingId}>{title}</h2>
      {choices.length > initiallyShown ? (
        <input
          className="input"
          type="search"
          placeholder={`Filter ${title.toLowerCase()}…`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={`Filter ${title.toLowerCase()}`}
          style={{ marginBottom: 8, padding: "4px 9px", fontSize: "0.82rem" }}
        />
      ) : null}
      {state === "loading" ? (
        <div className="filter-options" aria-hidden="true">
          {PLACEHOLDER_WIDTHS.slice(0, Math.min(initiallyShown, PLACEHOLDER_WIDTHS.length)).map((width) => (
            <span
              key={width}
              className="filter-chip skeleton"
              style={{ width, height: "1.75em", padding: 0, cursor: "default" }}
            />
          ))}
        </div>
      ) : (
        <div className="filter-options" style={{ opacity: stale ? 0.6 : 1, transition: "opacity 120ms" }}>
          {shown.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className="filter-chip"
              aria-pressed={isPicked(choice.value)}
              data-value={choice.value}
              onClick={() => onSelect(isPicked(choice.value) ? undefined : choice.value, choice.value)}
            >
              {choice.label}
              {choice.count !== undefined ? (
                <span className="count" aria-label={`${choice.count} results`}>
                  {choice.count.toLocaleString("en")}
                </span>
              ) : null}
            </button>
          ))}
          {shown.length === 0 ? (
            <span className="small muted">{query ? "No match" : "None in these results"}</span>
          ) : null}
        </div>
      )}
      {!query && filtered.length > initiallyShown ? (
        <button
          type="button"
          className="button button-small"
          style={{ marginTop: 8 }}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Show fewer" : `Show all ${filtered.length}`}
        </button>
      ) : null}
    </section>
  );
}
