import { useState } from "react";
import { Link, useParams } from "react-router";
import { EmptyState, ErrorState, NotFoundState, Skeleton } from "../../components/ui/status.js";
import { paths } from "../../config/paths.js";
import { isNotFound } from "../../lib/api-error.js";
import { formatRelative } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";
import { useCollection, useCollectionChanges } from "../../lib/collections/api.js";
import { CollectionItemCard } from "./components/collection-item-card.js";
import { CollectionSettings } from "./components/collection-settings.js";
import "../../components/collections/collections.css";

/** `/collections/{owner}/{slug}`: the items in order with their notes; its editors reorder and annotate. */
export function CollectionPage() {
  const { owner = "", slug = "" } = useParams();
  const fullSlug = `${owner}/${slug}`;
  const query = useCollection(fullSlug);
  const changes = useCollectionChanges(query.data?.slug ?? fullSlug);
  const [editing, setEditing] = useState(false);
  useTitle(query.data?.title ?? "Collection");

  if (query.isPending)
    return (
      <div className="container section">
        <Skeleton lines={6} />
      </div>
    );
  if (query.isError)
    return isNotFound(query.error) ? (
      <NotFoundState what="collection" />
    ) : (
      <div className="container section">
        <ErrorState error={query.error} retry={() => void query.refetch()} />
      </div>
    );
  const collection = query.data;
  const canEdit = collection.canWrite;
  return (
    <div className={`container section collection-page theme-${collection.theme}`}>
      <header className="collection-header">
        <div className="repo-kind">Collection</div>
        <div className="collection-title-row">
          <h1>{collection.title}</h1>
          {collection.private ? <span className="tag">private</span> : null}
          {canEdit && !editing ? (
            <button className="button button-small" type="button" onClick={() => setEditing(true)}>
              Edit collection
            </button>
          ) : null}
        </div>
        <div className="small muted">
          by <Link to={paths.owner(collection.owner.name)}>{collection.owner.fullname}</Link> ·{" "}
          {collection.numItems} {collection.numItems === 1 ? "item" : "items"} · updated{" "}
          {formatRelative(collection.lastUpdated)}
        </div>
        {collection.description ? <p className="collection-description">{collection.description}</p> : null}
      </header>
      {editing ? (
        <CollectionSettings collection={collection} changes={changes} onDone={() => setEditing(false)} />
      ) : null}
      {collection.items.length === 0 ? (
        <EmptyState title="This collection is empty">
          {canEdit
            ? "Open a model, dataset or space and use “Add to collection” to put it here."
            : "Nothing has been added yet."}
        </EmptyState>
      ) : (
        <ol className="collection-items">
          {collection.items.map((item, index) => (
            <CollectionItemCard
              key={item._id}
              item={item}
              before={collection.items[index - 1]?.position}
              after={collection.items[index + 1]?.position}
              changes={canEdit ? changes : undefined}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
