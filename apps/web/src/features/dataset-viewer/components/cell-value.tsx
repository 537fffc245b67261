import type { DatasetFeature } from "@modelhub/api-types";
import { cellView } from "../lib/cells.js";

/** Longest text drawn in a cell; the whole value is in the tooltip. */
const MAX_CELL_CHARS = 300;

export function CellValue({
  value,
  type,
  truncated,
}: {
  value: unknown;
  type: DatasetFeature | undefined;
  truncated: boolean;
}) {
  const view = cellView(value, type);
  switch (view.kind) {
    case "null":
      return <span className="cell-null">null</span>;
    case "image":
      return (
        <a href={view.src} target="_blank" rel="noreferrer" className="cell-image">
          <img src={view.src} alt="" loading="lazy" width={view.width} height={view.height} />
        </a>
      );
    case "audio":
      return (
        <audio className="cell-audio" controls preload="none">
          <source src={view.src} type={view.type} />
        </audio>
      );
    case "label":
      return (
        <span className="cell-label">
          {view.name ?? view.index}
          {view.name !== undefined ? <span className="cell-label-index"> {view.index}</span> : null}
        </span>
      );
    case "number":
      return <span className="cell-number">{view.text}</span>;
    default: {
      const long = view.text.length > MAX_CELL_CHARS;
      return (
        <span
          className={view.kind === "json" ? "cell-json" : "cell-text"}
          title={long ? view.text : undefined}
        >
          {long ? `${view.text.slice(0, MAX_CELL_CHARS)}…` : view.text}
          {truncated && !long ? "…" : null}
        </span>
      );
    }
  }
}
