import { Link } from "react-router";
import { ErrorState, Skeleton } from "../ui/status.js";
import { formatRelative } from "../../lib/format.js";
import { useCollections } from "../../lib/collections/api.js";
import { collectionPaths } from "../../lib/collections/paths.js";
import "./collections.css";

/** Profile section: the owner's collections the viewer may see, with their first items. */
export function OwnerCollections({ owner }: { owner: string }) {
  const list = useCollections({ owner: [owner] });
  return (
    <section className="org-section" aria-labelledby="owner-collections">
      <div className="section-header">
        <h2 id="owner-collections">
          Collections {list.data ? <span className="muted small">{list.data.length}</span> : null}
        </h2>
      </div>
      {list.isPending ? (
        <Skeleton lines={2} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="small muted" style={{ margin: 0 }}>
          No collections yet.
        </p>
      ) : (
        <ul className="collection-grid" data-testid="owner-collections">
          {list.data.map((collection) => (
            <li key={collection.slug} className={`collection-card card theme-${collection.theme}`}>
              <Link className="collection-card-title" to={collectionPaths.page(collection.slug)}>
                {collection.title}
              </Link>
              {collection.private ? <span className="tag">private</span> : null}
              <div className="small muted">
                {collection.numItems} {collection.numItems === 1 ? "item" : "items"} · updated{" "}
                {formatRelative(collection.lastUpdated)}
              </div>
              {collection.items.length > 0 ? (
                <ul className="collection-card-items small">
                  {collection.items.map((item) => (
                    <li key={item._id}>{item.type === "collection" ? item.title : item.id}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
