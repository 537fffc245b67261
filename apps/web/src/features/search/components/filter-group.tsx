import { useState } from "react";

export interface FilterChoice {
  value: string;
  label: string;
  count?: number;
}

interface FilterGroupProps {
  title: string;
  choices: FilterChoice[];
  selected?: string;
  onSelect: (value: string | undefined) => void;
  initiallyShown?: number;
}

export function FilterGroup({ title, choices, selected, onSelect, initiallyShown = 14 }: FilterGroupProps) {
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState("");
  const filtered = query
    ? choices.filter((c) => c.label.toLowerCase().includes(query.toLowerCase()))
    : choices;
  const collapsed = filtered.slice(0, initiallyShown);
  // The active choice stays visible even when it sits past the collapsed list.
  const active = filtered.find((c) => c.value === selected);
  const shown =
    expanded || query ? filtered : active && !collapsed.includes(active) ? [active, ...collapsed] : collapsed;
  const headingId = `filter-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section className="filter-group" aria-labelledby={headingId}>
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
      <div className="filter-options">
        {shown.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className="filter-chip"
            aria-pressed={selected === choice.value}
            onClick={() => onSelect(selected === choice.value ? undefined : choice.value)}
          >
            {choice.label}
            {choice.count !== undefined ? <span className="count">{choice.count}</span> : null}
          </button>
        ))}
        {shown.length === 0 ? <span className="small muted">No match</span> : null}
      </div>
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
