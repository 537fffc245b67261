import { Link } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { useTasks } from "../../features/tasks/api/get-tasks.js";
import { pipelinesByModality } from "../../features/tasks/pipelines.js";
import { useTitle } from "../../lib/use-title.js";

export function TasksPage() {
  useTitle("Tasks");
  const tasks = useTasks();
  const documented = new Set((tasks.data ?? []).filter((t) => !t.isPlaceholder).map((t) => t.id));
  const groups = pipelinesByModality("any")
    .map((g) => ({ ...g, pipelines: g.pipelines.filter((p) => documented.has(p.id)) }))
    .filter((g) => g.pipelines.length > 0);
  return (
    <div className="container page-wide" style={{ paddingTop: 32 }}>
      <h1>Tasks</h1>
      <p className="muted">
        What each kind of model does, how to run it, and which models, datasets and spaces to start from.
      </p>
      {tasks.isPending ? (
        <Skeleton lines={10} />
      ) : tasks.isError ? (
        <ErrorState error={tasks.error} retry={() => void tasks.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState title="No tasks documented yet" />
      ) : (
        groups.map((group) => (
          <section key={group.modality} className="section" aria-labelledby={`modality-${group.modality}`}>
            <h2 id={`modality-${group.modality}`}>{group.label}</h2>
            <div className="task-grid">
              {group.pipelines.map((pipeline) => (
                <Link key={pipeline.id} to={paths.task(pipeline.id)} className="task-link">
                  <span className={`task-dot ${pipeline.color ?? ""}`} aria-hidden="true" />
                  {pipeline.name}
                </Link>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
