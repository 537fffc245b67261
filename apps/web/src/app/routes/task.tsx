import { Link, useParams } from "react-router";
import { ErrorState, NotFoundState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { LazyMarkdown } from "../../components/markdown/lazy-markdown.js";
import { useTask } from "../../features/tasks/api/get-tasks.js";
import { TaskDemo } from "../../features/tasks/components/task-demo.js";
import { isNotFound } from "../../lib/api-error.js";
import type { ExampleRepoRef, RepoType } from "@modelhub/api-types";
import { useTitle } from "../../lib/use-title.js";

function ExampleList({ title, items, type }: { title: string; items?: ExampleRepoRef[]; type: RepoType }) {
  if (!items?.length) return null;
  return (
    <section className="card">
      <h2 style={{ fontSize: "0.98rem" }}>{title}</h2>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {items.map((item) => (
          <li key={item.id} style={{ marginBottom: 6 }}>
            {item.onHub === false ? (
              <a
                className="mono small"
                href={`https://huggingface.co${paths.repo(type, item.id)}`}
                target="_blank"
                rel="noopener noreferrer"
                title="Not on this hub: opens huggingface.co"
              >
                {item.id} <span className="tag tag-external">huggingface.co ↗</span>
              </a>
            ) : (
              <Link className="mono small" to={paths.repo(type, item.id)}>
                {item.id}
              </Link>
            )}
            <div className="small muted">{item.description}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TaskPage() {
  const { task = "" } = useParams();
  const entry = useTask(task);
  useTitle(entry.data?.label ?? task);
  if (entry.isPending) {
    return (
      <div className="container section">
        <Skeleton lines={12} />
      </div>
    );
  }
  if (entry.isError) {
    return isNotFound(entry.error) ? (
      <NotFoundState what="task" />
    ) : (
      <div className="container section">
        <ErrorState error={entry.error} retry={() => void entry.refetch()} />
      </div>
    );
  }
  const data = entry.data;
  return (
    <div className="container" style={{ paddingTop: 28 }}>
      <p className="small" style={{ margin: 0 }}>
        <Link to={paths.tasks()}>Tasks</Link> / <span className="muted">{data.id}</span>
      </p>
      <h1>{data.label}</h1>
      {data.summary ? (
        <p className="muted" style={{ maxWidth: 760, fontSize: "1.02rem" }}>
          {data.summary}
        </p>
      ) : null}
      <p>
        <Link className="button" to={paths.listing("model", new URLSearchParams({ pipeline_tag: data.id }))}>
          Browse {data.label} models
        </Link>{" "}
        <Link
          className="button"
          to={paths.listing("dataset", new URLSearchParams({ pipeline_tag: data.id }))}
        >
          Datasets
        </Link>
      </p>
      <div className="repo-body">
        <div style={{ minWidth: 0, display: "flex", flexDirection: "column", gap: 18 }}>
          {data.demo && (data.demo.inputs.length > 0 || data.demo.outputs.length > 0) ? (
            <section className="card" aria-label="Demo">
              <TaskDemo task={data.id} demo={data.demo} />
            </section>
          ) : null}
          {data.youtubeId ? (
            <p>
              <a
                className="button"
                href={`https://www.youtube.com/watch?v=${encodeURIComponent(data.youtubeId)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                ▶ Watch an introduction to {data.label}
              </a>
            </p>
          ) : null}
          {data.about ? (
            <section className="card" aria-label="About this task">
              <LazyMarkdown source={data.about} />
            </section>
          ) : null}
        </div>
        <aside className="sidebar">
          <ExampleList title="Models for this task" items={data.models} type="model" />
          <ExampleList title="Datasets for this task" items={data.datasets} type="dataset" />
          <ExampleList title="Spaces using this task" items={data.spaces} type="space" />
          {data.metrics?.length ? (
            <section className="card">
              <h2 style={{ fontSize: "0.98rem" }}>Metrics</h2>
              <dl className="meta-list">
                {data.metrics.map((metric) => (
                  <div key={metric.id} style={{ display: "contents" }}>
                    <dt className="mono">{metric.id}</dt>
                    <dd>{metric.description}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {data.libraries?.length ? (
            <section className="card">
              <h2 style={{ fontSize: "0.98rem" }}>Libraries</h2>
              <div className="tag-list">
                {data.libraries.map((library) => (
                  <Link
                    key={library}
                    className="tag"
                    to={paths.listing("model", new URLSearchParams({ pipeline_tag: data.id, library }))}
                  >
                    {library}
                  </Link>
                ))}
              </div>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
