import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../../config/paths.js";
import type { QuickSearchResult } from "@modelhub/api-types";
import { requestJson } from "../../lib/api-client.js";

interface Option {
  group: string;
  label: string;
  detail?: string;
  to: string;
}

type Section = "models" | "datasets" | "spaces" | "kernels";

function sectionOf(pathname: string): Section {
  if (pathname === "/datasets" || pathname.startsWith("/datasets/")) return "datasets";
  if (pathname === "/spaces" || pathname.startsWith("/spaces/")) return "spaces";
  if (pathname === "/kernels" || pathname.startsWith("/kernels/")) return "kernels";
  return "models";
}

function optionsOf(result: QuickSearchResult | undefined): Option[] {
  if (!result) return [];
  return [
    ...result.models.map((r) => ({ group: "Models", label: r.id, to: paths.repo("model", r.id) })),
    ...result.datasets.map((r) => ({ group: "Datasets", label: r.id, to: paths.repo("dataset", r.id) })),
    ...result.spaces.map((r) => ({ group: "Spaces", label: r.id, to: paths.repo("space", r.id) })),
    ...result.kernels.map((r) => ({ group: "Kernels", label: r.id, to: paths.repo("kernel", r.id) })),
    ...result.users.map((u) => ({
      group: "People",
      label: u.user,
      detail: u.fullname,
      to: paths.owner(u.user),
    })),
    ...result.orgs.map((o) => ({
      group: "Organizations",
      label: o.name,
      detail: o.fullname,
      to: paths.owner(o.name),
    })),
  ];
}

/** The text after the user stopped typing for `ms`, so each keystroke does not cost a request. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Header search with typeahead across models, datasets, spaces, people and organisations (grouped,
 * arrow keys to move, Enter to open). Enter without a chosen suggestion opens the full listing of the
 * section the visitor is in.
 */
export function HeaderSearch() {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const listId = useId();
  const text = useSettled(query.trim(), 150);
  const suggestions = useQuery({
    queryKey: ["quicksearch", text],
    queryFn: ({ signal }) =>
      requestJson<QuickSearchResult>("/api/quicksearch", { query: { q: text }, signal }),
    enabled: text.length >= 2,
    staleTime: 30_000,
  });
  const options = text.length >= 2 ? optionsOf(suggestions.data) : [];
  const showList = open && query.trim().length >= 2 && (options.length > 0 || suggestions.isSuccess);

  function go(to: string) {
    setOpen(false);
    setActive(-1);
    navigate(to);
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (showList && active >= 0 && options[active]) return go(options[active].to);
    const params = new URLSearchParams();
    if (query.trim()) params.set("search", query.trim());
    go(`/${section}${params.size ? `?${params}` : ""}`);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the text field itself; moving past either end wraps around
      setActive((current) => {
        const next = current + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  let lastGroup = "";
  return (
    <form className="header-search" role="search" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor="header-search-input">
        Search models, datasets, spaces and people
      </label>
      <input
        id="header-search-input"
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={`Search ${section}, people…`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        autoComplete="off"
      />
      {showList ? (
        <ul className="quick-search" id={listId} role="listbox" aria-label="Suggestions">
          {options.length === 0 ? (
            <li className="quick-search-empty" role="presentation">
              Nothing matches “{query.trim()}”. Press Enter to search all {section}.
            </li>
          ) : null}
          {options.map((option, index) => {
            const heading = option.group !== lastGroup ? option.group : undefined;
            lastGroup = option.group;
            return [
              heading ? (
                <li key={`h-${heading}`} className="quick-search-group" role="presentation">
                  {heading}
                </li>
              ) : null,
              <li
                key={`${option.group}-${option.label}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={`quick-search-option${index === active ? " active" : ""}`}
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(option.to);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="mono">{option.label}</span>
                {option.detail && option.detail !== option.label ? (
                  <span className="muted small"> {option.detail}</span>
                ) : null}
              </li>,
            ];
          })}
        </ul>
      ) : null}
    </form>
  );
}
