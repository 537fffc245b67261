import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { CollectionItemType, RepoType } from "@modelhub/api-types";
import { useAuth } from "../../lib/auth/auth-context.js";
import { FormError } from "../orgs/form-error.js";
import {
  addCollectionItem,
  createCollection,
  useCollections,
  useRefreshCollections,
} from "../../lib/collections/api.js";
import { collectionPaths } from "../../lib/collections/paths.js";
import "./collections.css";

/** Repo types a collection can hold (kernels cannot be added, as on the Hub). */
type CollectableType = Extract<RepoType, CollectionItemType>;

const KIND: Record<CollectableType, string> = { model: "models", dataset: "datasets", space: "spaces" };

/** Repo header button: put this repo in one of the viewer's collections, or in a new one. */
export function AddToCollection({ type, id }: { type: CollectableType; id: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [namespace, setNamespace] = useState("");
  const [error, setError] = useState<unknown>();
  const [added, setAdded] = useState<{ slug: string; title: string }>();
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const owners = user ? [user.name, ...(user.orgs ?? []).map((org) => org.name)] : [];
  const mine = useCollections({ owner: owners }, open && owners.length > 0);
  const holding = useCollections({ item: `${KIND[type]}/${id}` }, open);
  const refresh = useRefreshCollections();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !panel.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  if (!user) return null;
  const inside = new Set((holding.data ?? []).map((c) => c.slug));
  const writable = (mine.data ?? []).filter((c) => c.canWrite);

  async function run(action: () => Promise<{ slug: string; title: string }>) {
    setBusy(true);
    setError(undefined);
    try {
      setAdded(await action());
      await refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  function onCreate(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const created = await createCollection({ title: title.trim(), namespace: namespace || user?.name });
      await addCollectionItem(created.slug, { id, type });
      setTitle("");
      return created;
    });
  }

  return (
    <div className="add-to-collection" ref={panel}>
      <button
        type="button"
        className="tag"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          setAdded(undefined);
          setError(undefined);
        }}
      >
        + Add to collection
      </button>
      {open ? (
        <div className="add-to-collection-panel" role="dialog" aria-label="Add to collection">
          {mine.isPending ? (
            <p className="small muted">Loading your collections…</p>
          ) : writable.length === 0 ? (
            <p className="small muted">You have no collections yet.</p>
          ) : (
            <ul className="add-to-collection-list">
              {writable.map((collection) => (
                <li key={collection.slug}>
                  <button
                    type="button"
                    disabled={busy || inside.has(collection.slug)}
                    onClick={() =>
                      void run(async () => {
                        await addCollectionItem(collection.slug, { id, type });
                        return collection;
                      })
                    }
                  >
                    <span>{collection.title}</span>
                    <span className="small faint">
                      {inside.has(collection.slug) ? "✓ added" : collection.owner.name}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="add-to-collection-new" onSubmit={onCreate}>
            <label className="small" htmlFor="new-collection-title">
              New collection
            </label>
            <input
              id="new-collection-title"
              className="input"
              placeholder="Title"
              value={title}
              required
              maxLength={100}
              onChange={(event) => setTitle(event.target.value)}
            />
            {owners.length > 1 ? (
              <select
                className="input"
                aria-label="Owner of the new collection"
                value={namespace || user.name}
                onChange={(event) => setNamespace(event.target.value)}
              >
                {owners.map((owner) => (
                  <option key={owner} value={owner}>
                    {owner}
                  </option>
                ))}
              </select>
            ) : null}
            <button className="button button-small button-primary" type="submit" disabled={busy}>
              Create and add
            </button>
          </form>
          {added ? (
            <p className="notice notice-ok small" role="status">
              Added to <Link to={collectionPaths.page(added.slug)}>{added.title}</Link>
            </p>
          ) : null}
          <FormError error={error} />
        </div>
      ) : null}
    </div>
  );
}
