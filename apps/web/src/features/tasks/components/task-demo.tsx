import type { DemoEntry } from "@modelhub/api-types";
import { taskAssetUrl } from "../task-assets.js";

function Entry({ task, entry }: { task: string; entry: DemoEntry }) {
  if (entry.type === "img") {
    const url = taskAssetUrl(task, entry.filename);
    return url ? (
      <img src={url} alt={`Example for ${task}: ${entry.filename}`} loading="lazy" />
    ) : (
      <p className="small muted">Image {entry.filename} is not bundled.</p>
    );
  }
  if (entry.type === "text") {
    return (
      <div>
        <div className="small muted">{entry.label}</div>
        <div className="demo-text">{entry.content}</div>
      </div>
    );
  }
  const max = Math.max(...entry.data.map((d) => d.score), 1e-9);
  return (
    <div className="chart" role="list" aria-label="Scores">
      {entry.data.map((row) => (
        <div key={row.label} className="chart-row" role="listitem">
          <span>{row.label}</span>
          <span className="chart-track">
            <span className="chart-bar" style={{ display: "block", width: `${(row.score / max) * 100}%` }} />
          </span>
          <span className="mono small">{row.score.toFixed(3)}</span>
        </div>
      ))}
    </div>
  );
}

export function TaskDemo({
  task,
  demo,
}: {
  task: string;
  demo: { inputs: DemoEntry[]; outputs: DemoEntry[] };
}) {
  return (
    <div className="demo">
      <div className="demo-column">
        <h3>Input</h3>
        {demo.inputs.map((entry, i) => (
          <Entry key={i} task={task} entry={entry} />
        ))}
      </div>
      <div className="demo-column">
        <h3>Output</h3>
        {demo.outputs.map((entry, i) => (
          <Entry key={i} task={task} entry={entry} />
        ))}
      </div>
    </div>
  );
}
