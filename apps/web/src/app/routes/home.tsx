import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { useRepoList } from "../../lib/repos/api/list-repos.js";
import { RepoGrid } from "../../components/repos/repo-card.js";
import { pipelinesByModality } from "../../features/tasks/pipelines.js";
import type { RepoType } from "@modelhub/api-types";
import { useTitle } from "../../lib/use-title.js";

function Trending({ type, title }: { type: RepoType; title: string }) {
  const list = useRepoList(type, { sort: "trendingScore", limit: type === "model" ? 12 : 6 });
  return (
    <section className="section" aria-labelledby={`trending-${type}`}>
      <div className="section-header">
        <h2 id={`trending-${type}`}>{title}</h2>
        <Link to={paths.listing(type, new URLSearchParams({ sort: "trendingScore" }))}>Browse all →</Link>
      </div>
      {list.isPending ? (
        <Skeleton lines={4} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={`No ${type}s yet`}>
          <Link to={paths.newRepo(type)}>Create the first one</Link>
        </EmptyState>
      ) : (
        <RepoGrid repos={list.data.items} type={type} />
      )}
    </section>
  );
}

export function HomePage() {
  useTitle(undefined);
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const groups = pipelinesByModality("model");
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    navigate(paths.listing("model", new URLSearchParams(query.trim() ? { search: query.trim() } : {})));
  }
  return (
    <div className="container">
      <section className="hero">
        <h1>Models, datasets and code that runs as pasted</h1>
        <p>
          Browse the catalogue, read model cards, and copy inference code for any provider — generated for
          this hub.
        </p>
        <form className="hero-search" role="search" onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor="home-search">
            Search models
          </label>
          <input
            id="home-search"
            className="input"
            type="search"
            placeholder="Search models, e.g. llama"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button className="button button-primary" type="submit">
            Search
          </button>
        </form>
      </section>
      <Trending type="model" title="Trending models" />
      <section className="section" aria-labelledby="tasks-by-modality">
        <div className="section-header">
          <h2 id="tasks-by-modality">Tasks</h2>
          <Link to={paths.tasks()}>All tasks →</Link>
        </div>
        <div className="modality-grid">
          {groups.map((group) => (
            <div key={group.modality} className="card modality">
              <h3>{group.label}</h3>
              <div className="tag-list">
                {group.pipelines.slice(0, 10).map((pipeline) => (
                  <Link
                    key={pipeline.id}
                    className="tag"
                    to={paths.listing("model", new URLSearchParams({ pipeline_tag: pipeline.id }))}
                  >
                    {pipeline.name}
                  </Link>
                ))}
              </div>
            </div>
          ))}
        </div>
      </section>
      <Trending type="dataset" title="Trending datasets" />
      <Trending type="space" title="Trending spaces" />
    </div>
  );
}
