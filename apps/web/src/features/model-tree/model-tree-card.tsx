import { Fragment, useId } from "react";
import { Link } from "react-router";
import { formatCount } from "../../lib/format.js";
import { useModelTree } from "./get-model-tree.js";
import { modelTreeView } from "./model-tree-view.js";

/**
 * "Model tree": the base model(s) this model was built from, with the relation, and how many
 * adapters, finetunes, merges and quantizations name it as their base (each a filtered listing).
 * Shows nothing when the model has neither.
 */
export function ModelTreeCard({ id }: { id: string }) {
  const tree = useModelTree(id);
  const view = modelTreeView(tree.data);
  const titleId = useId();
  if (!view) return null;

  return (
    <section className="panel" aria-labelledby={titleId} data-testid="model-tree">
      <div className="panel-header">
        <h2 id={titleId}>Model tree</h2>
        <span className="small muted">for {id}</span>
      </div>
      <div className="panel-body">
        <dl className="meta-list">
          {view.bases.length > 0 ? (
            <>
              <dt>{view.baseLabel}</dt>
              <dd data-testid="model-tree-bases">
                {view.bases.map((base, i) => (
                  <Fragment key={base.id}>
                    {i > 0 ? ", " : ""}
                    {base.href ? (
                      <Link to={base.href}>{base.id}</Link>
                    ) : (
                      <span className="muted" title="Not on this hub">
                        {base.id}
                      </span>
                    )}
                  </Fragment>
                ))}
                {view.relation ? (
                  <>
                    {" "}
                    <span className="tag" data-testid="model-tree-relation">
                      {view.relation}
                    </span>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {view.children.length > 0 ? (
            <>
              <dt>Built on it</dt>
              <dd data-testid="model-tree-children">
                {view.children.map((child, i) => (
                  <Fragment key={child.relation}>
                    {i > 0 ? <span className="muted"> · </span> : null}
                    <Link to={child.href} data-relation={child.relation}>
                      {child.label} <strong>{formatCount(child.count)}</strong>
                    </Link>
                  </Fragment>
                ))}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
