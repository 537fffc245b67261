import { useState, type FormEvent } from "react";
import type { AuditCatalogueEntry } from "./api.js";
import { NO_FILTERS, type AuditFilters } from "./query.js";

/** The catalogue grouped by scope, for the type filter's optgroups. */
function byScope(catalogue: AuditCatalogueEntry[]): [string, AuditCatalogueEntry[]][] {
  const groups = new Map<string, AuditCatalogueEntry[]>();
  for (const entry of catalogue) groups.set(entry.scope, [...(groups.get(entry.scope) ?? []), entry]);
  return [...groups];
}

export function FilterForm({
  initial,
  catalogue,
  onApply,
}: {
  initial: AuditFilters;
  catalogue: AuditCatalogueEntry[];
  onApply: (filters: AuditFilters) => void;
}) {
  const [filters, setFilters] = useState(initial);
  const set = (key: keyof AuditFilters) => (value: string) => setFilters((old) => ({ ...old, [key]: value }));
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onApply(filters);
  }
  return (
    <form className="card audit-filters" onSubmit={onSubmit} aria-label="Filter events">
      <label className="field audit-filter-type">
        Event type
        <select className="input" value={filters.type} onChange={(e) => set("type")(e.target.value)}>
          <option value="">All types</option>
          {byScope(catalogue).map(([scope, entries]) => (
            <optgroup key={scope} label={scope}>
              <option value={`${scope}.*`}>every {scope} event</option>
              {entries.map((entry) => (
                <option key={entry.type} value={entry.type} title={entry.description}>
                  {entry.type}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className="field">
        Author
        <input
          className="input"
          value={filters.author}
          onChange={(e) => set("author")(e.target.value)}
          placeholder="user name"
          autoComplete="off"
        />
      </label>
      <label className="field">
        Address
        <input
          className="input mono"
          value={filters.ip}
          onChange={(e) => set("ip")(e.target.value)}
          placeholder="10.0.0.7"
          autoComplete="off"
        />
      </label>
      <label className="field">
        From
        <input
          className="input"
          type="date"
          value={filters.from}
          onChange={(e) => set("from")(e.target.value)}
        />
      </label>
      <label className="field">
        To
        <input className="input" type="date" value={filters.to} onChange={(e) => set("to")(e.target.value)} />
      </label>
      <div className="audit-filter-actions">
        <button className="button button-primary" type="submit">
          Apply
        </button>
        <button
          className="button"
          type="button"
          onClick={() => {
            setFilters(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
