import { useState } from "react";
import { Link } from "react-router";
import type { CollectionItem } from "@modelhub/api-types";
import { paths } from "../../../config/paths.js";
import { formatCount, formatRelative } from "../../../lib/format.js";
import { FormError } from "../../../components/orgs/form-error.js";
import type { useCollectionChanges } from "../../../lib/collections/api.js";
import { collectionPaths } from "../../../lib/collections/paths.js";

const KIND_LABEL: Record<CollectionItem["type"], string> = {
  model: "Model",
  dataset: "Dataset",
  space: "Space",
  collection: "Collection",
};

function itemLink(item: CollectionItem): string {
  return item.type === "collection"
    ? collectionPaths.page(item.slug ?? item.id)
    : paths.repo(item.type, item.id);
}

/** One entry: what it is, its note, and for editors the moves, note editing and removal. */
export function CollectionItemCard({
  item,
  before,
  after,
  changes,
}: {
  item: CollectionItem;
  /** Positions (as this viewer sees them) of the neighbours shown above and below (moves swap with them). */
  before?: number;
  after?: number;
  changes?: ReturnType<typeof useCollectionChanges>;
}) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(item.note?.text ?? "");
  const busy = changes ? changes.updateItem.isPending || changes.removeItem.isPending : false;
  const label = item.type === "collection" ? (item.title ?? item.slug ?? item.id) : item.id;
  return (
    <li className="collection-item card" data-testid="collection-item">
      <div className="collection-item-main">
        <span className="tag">{KIND_LABEL[item.type]}</span>
        <Link className="collection-item-title" to={itemLink(item)}>
          {label}
        </Link>
        {item.private ? <span className="tag">private</span> : null}
      </div>
      {item.type !== "collection" ? (
        <div className="small muted">
          {item.pipeline_tag ? `${item.pipeline_tag} · ` : ""}
          {item.sdk ? `${item.sdk} · ` : ""}
          Updated {formatRelative(item.lastModified)} · ♡ {formatCount(item.likes)}
        </div>
      ) : null}
      {editing && changes ? (
        <form
          className="collection-note-form"
          onSubmit={(event) => {
            event.preventDefault();
            changes.updateItem.mutate({ itemId: item._id, note }, { onSuccess: () => setEditing(false) });
          }}
        >
          <textarea
            className="input"
            aria-label={`Note for ${label}`}
            value={note}
            maxLength={500}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="toolbar">
            <button className="button button-small button-primary" type="submit" disabled={busy}>
              Save note
            </button>
            <button className="button button-small" type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
          <FormError error={changes.updateItem.error} />
        </form>
      ) : item.note ? (
        <p className="collection-note">{item.note.text}</p>
      ) : null}
      {changes && !editing ? (
        <div className="collection-item-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Move ${label} up`}
            disabled={busy || before === undefined}
            onClick={() => changes.updateItem.mutate({ itemId: item._id, position: before })}
          >
            ↑
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Move ${label} down`}
            disabled={busy || after === undefined}
            onClick={() => changes.updateItem.mutate({ itemId: item._id, position: after })}
          >
            ↓
          </button>
          <button type="button" className="button button-small" onClick={() => setEditing(true)}>
            {item.note ? "Edit note" : "Add note"}
          </button>
          <button
            type="button"
            className="button button-small button-danger"
            disabled={busy}
            onClick={() => changes.removeItem.mutate(item._id)}
          >
            Remove
          </button>
        </div>
      ) : null}
    </li>
  );
}
