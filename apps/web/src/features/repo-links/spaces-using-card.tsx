import { useId, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../lib/format.js";
import { spacesUsingView } from "./repo-links-view.js";

/** "Spaces using this model": the spaces whose card names the model (hidden when there are none). */
export function SpacesUsingCard({ id, spaces }: { id: string; spaces: string[] | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const view = spacesUsingView(spaces, expanded);
  if (!view) return null;

  return (
    <section className="panel" aria-labelledby={titleId} data-testid="spaces-using">
      <div className="panel-header">
        <h2 id={titleId}>Spaces using this model</h2>
        <span className="small muted" title={`Spaces whose card names ${id}`}>
          {formatCount(view.total)}
        </span>
      </div>
      <div className="panel-body">
        <ul className="tag-list" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {view.shown.map((space) => (
            <li key={space.id}>
              <Link className="tag" to={space.href}>
                {space.id}
              </Link>
            </li>
          ))}
        </ul>
        {view.hidden > 0 || expanded ? (
          <button
            type="button"
            className="button button-small"
            style={{ marginTop: 10 }}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? "Show fewer" : `Show all ${formatCount(view.total)}`}
          </button>
        ) : null}
      </div>
    </section>
  );
}
