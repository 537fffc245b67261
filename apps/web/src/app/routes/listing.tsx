import { useEffect, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { useRepoList, type ListParams } from "../../lib/repos/api/list-repos.js";
import { RepoGrid } from "../../components/repos/repo-card.js";
import { FilterGroup } from "../../features/search/components/filter-group.js";
import { TagFacets } from "../../features/search/components/tag-facets.js";
import {
  LANGUAGES,
  LICENSES,
  libraryChoices,
  SORTS,
  SPACE_SDKS,
} from "../../features/search/filter-options.js";
import { pipelineName, pipelinesByModality } from "../../features/tasks/pipelines.js";
import type { RepoType } from "@modelhub/api-types";
import { formatCount } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";

const PAGE_SIZE = 30;
const TITLES: Record<RepoType, string> = {
  model: "Models",
  dataset: "Datasets",
  space: "Spaces",
  kernel: "Kernels",
};

function typeFromPath(pathname: string): RepoType {
  if (pathname.startsWith("/datasets")) return "dataset";
  if (pathname.startsWith("/spaces")) return "space";
  return pathname.startsWith("/kernels") ? "kernel" : "model";
}

/** The API's own names travel in the page URL, so a listing link is also an API query. */
function paramsFrom(search: URLSearchParams, type: RepoType): ListParams {
  const get = (key: string) => search.get(key) ?? undefined;
  const filter = search.getAll("filter");
  const task = get("pipeline_tag");
  const params: ListParams = {
    search: get("search"),
    author: get("author"),
    library: get("library"),
    language: get("language"),
    license: get("license"),
    sort: get("sort") ?? "trendingScore",
    cursor: get("cursor"),
    source: get("source"),
    limit: PAGE_SIZE,
  };
  if (task) {
    if (type === "dataset") filter.push(`task_categories:${task}`);
    else params.pipeline_tag = task;
  }
  const sdk = get("sdk");
  if (sdk) filter.push(sdk); // spaces carry their SDK as a bare tag
  if (filter.length) params.filter = filter;
  return params;
}

export function ListingPage() {
  const { pathname } = useLocation();
  const type = typeFromPath(pathname);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => paramsFrom(search, type), [search, type]);
  const list = useRepoList(type, params);
  const [text, setText] = useState(search.get("search") ?? "");
  const [filtersOpen, setFiltersOpen] = useState(false);
  useTitle(TITLES[type]);

  function setParam(key: string, value: string | undefined) {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("cursor");
    setSearch(next);
  }

  // A search changed from outside this box (header search, back button) replaces what is typed here.
  const urlSearch = search.get("search") ?? "";
  useEffect(() => {
    setText((typed) => (typed.trim() === urlSearch ? typed : urlSearch));
  }, [urlSearch]);

  useEffect(() => {
    const current = search.get("search") ?? "";
    if (text.trim() === current) return;
    const timer = window.setTimeout(() => setParam("search", text.trim() || undefined), 300);
    return () => window.clearTimeout(timer);
  }, [text]);

  const taskChoices = pipelinesByModality(type === "dataset" ? "dataset" : "model").flatMap((g) =>
    g.pipelines.map((p) => ({ value: p.id, label: p.name })),
  );
  const tagFilters = search.getAll("filter");
  const total = list.data?.total;

  return (
    <div className="container listing">
      <aside className={`filters ${filtersOpen ? "open" : ""}`} aria-label="Filters" id="listing-filters">
        {type === "model" || type === "dataset" ? (
          <FilterGroup
            title="Tasks"
            choices={taskChoices}
            selected={search.get("pipeline_tag") ?? undefined}
            onSelect={(value) => setParam("pipeline_tag", value)}
          />
        ) : type === "space" ? (
          <FilterGroup
            title="SDK"
            choices={SPACE_SDKS.map((s) => ({ value: s, label: s }))}
            selected={search.get("sdk") ?? undefined}
            onSelect={(value) => setParam("sdk", value)}
          />
        ) : null}
        {type === "model" ? (
          <FilterGroup
            title="Libraries"
            choices={libraryChoices()}
            selected={search.get("library") ?? undefined}
            onSelect={(value) => setParam("library", value)}
            initiallyShown={12}
          />
        ) : null}
        {type === "model" || type === "dataset" ? (
          <FilterGroup
            title="Languages"
            choices={LANGUAGES}
            selected={search.get("language") ?? undefined}
            onSelect={(value) => setParam("language", value)}
          />
        ) : null}
        <FilterGroup
          title="Licenses"
          choices={LICENSES}
          selected={search.get("license") ?? undefined}
          onSelect={(value) => setParam("license", value)}
        />
        <TagFacets />
      </aside>
      <section aria-labelledby="listing-title" style={{ minWidth: 0 }}>
        <div className="listing-toolbar">
          <h1 id="listing-title">
            {TITLES[type]}
            {total !== undefined ? <span className="muted small"> {formatCount(total)}</span> : null}
          </h1>
          <input
            className="input listing-search"
            type="search"
            aria-label={`Search ${TITLES[type].toLowerCase()}`}
            placeholder={`Filter ${TITLES[type].toLowerCase()} by name`}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <label className="visually-hidden" htmlFor="listing-sort">
            Sort
          </label>
          <select
            id="listing-sort"
            className="input"
            value={params.sort}
            onChange={(event) => setParam("sort", event.target.value)}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                Sort: {sort.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="listing-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters
          </button>
        </div>
        <div className="active-filters">
          {(["pipeline_tag", "library", "language", "license", "author", "sdk", "source"] as const).map(
            (key) => {
              const value = search.get(key);
              if (!value) return null;
              return (
                <button
                  key={key}
                  type="button"
                  className="tag"
                  onClick={() => setParam(key, undefined)}
                  aria-label={`Remove filter ${key} ${value}`}
                >
                  {key === "pipeline_tag" ? pipelineName(value) : `${key}: ${value}`} ✕
                </button>
              );
            },
          )}
          {tagFilters.map((tag) => (
            <button
              key={tag}
              type="button"
              className="tag"
              aria-label={`Remove tag filter ${tag}`}
              onClick={() => {
                const next = new URLSearchParams(search);
                next.delete("filter");
                for (const other of tagFilters) if (other !== tag) next.append("filter", other);
                next.delete("cursor");
                setSearch(next);
              }}
            >
              {tag} ✕
            </button>
          ))}
        </div>
        {list.isPending ? (
          <Skeleton lines={10} />
        ) : list.isError ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState title={`No ${TITLES[type].toLowerCase()} match`}>
            Try fewer filters or another search.
          </EmptyState>
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            <RepoGrid repos={list.data.items} type={type} />
          </div>
        )}
        <nav className="pagination" aria-label="Pagination">
          {search.get("cursor") ? (
            <button type="button" className="button" onClick={() => setParam("cursor", undefined)}>
              ← First page
            </button>
          ) : null}
          {list.data?.nextUrl ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                const cursor = new URL(list.data.nextUrl ?? "", window.location.origin).searchParams.get(
                  "cursor",
                );
                const next = new URLSearchParams(search);
                if (cursor) next.set("cursor", cursor);
                setSearch(next);
                window.scrollTo({ top: 0 });
              }}
            >
              Next page →
            </button>
          ) : null}
        </nav>
      </section>
    </div>
  );
}
