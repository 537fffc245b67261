import { useId } from "react";
import { Link } from "react-router";
import { spaceUsesView } from "./repo-links-view.js";

/** The models and datasets a space's card names, each a link (hidden when it names none). */
export function SpaceUsesCard({ models, datasets }: { models: unknown; datasets: unknown }) {
  const titleId = useId();
  const groups = spaceUsesView(models, datasets);
  if (groups.length === 0) return null;

  return (
    <section className="panel" aria-labelledby={titleId} data-testid="space-uses">
      <div className="panel-header">
        <h2 id={titleId}>Models and datasets used in this space</h2>
      </div>
      <div className="panel-body">
        <dl className="meta-list">
          {groups.map((group) => (
            <div key={group.kind} style={{ display: "contents" }}>
              <dt>{group.label}</dt>
              <dd>
                <ul
                  className="tag-list"
                  style={{ listStyle: "none", margin: 0, padding: 0 }}
                  data-testid={`space-uses-${group.kind}`}
                >
                  {group.repos.map((repo) => (
                    <li key={repo.id}>
                      <Link className="tag" to={repo.href}>
                        {repo.id}
                      </Link>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
