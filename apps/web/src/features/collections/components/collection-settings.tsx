import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { Collection, CollectionTheme } from "@modelhub/api-types";
import { paths } from "../../../config/paths.js";
import { FormError } from "../../../components/orgs/form-error.js";
import type { useCollectionChanges } from "../../../lib/collections/api.js";
import { collectionPaths, THEMES } from "../../../lib/collections/paths.js";

/** The editor's form: title, description, theme, privacy, and deleting the collection. */
export function CollectionSettings({
  collection,
  changes,
  onDone,
}: {
  collection: Collection;
  changes: ReturnType<typeof useCollectionChanges>;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(collection.title);
  const [description, setDescription] = useState(collection.description ?? "");
  const [theme, setTheme] = useState<CollectionTheme>(collection.theme);
  const [isPrivate, setPrivate] = useState(collection.private);
  const navigate = useNavigate();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    changes.update.mutate(
      { title: title.trim(), description: description.trim(), theme, private: isPrivate },
      {
        onSuccess: (answer) => {
          onDone();
          if (answer.data.slug !== collection.slug)
            navigate(collectionPaths.page(answer.data.slug), { replace: true });
        },
      },
    );
  }

  return (
    <form className="form card collection-settings" onSubmit={onSubmit} aria-label="Collection settings">
      <label>
        Title
        <input
          className="input"
          value={title}
          required
          maxLength={100}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label>
        Description
        <textarea
          className="input"
          value={description}
          maxLength={150}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <label>
        Theme
        <select
          className="input"
          value={theme}
          onChange={(event) => setTheme(event.target.value as CollectionTheme)}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="radio-row">
        <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} />
        Private (only {collection.owner.name}
        {collection.owner.type === "org" ? "'s members" : ""} can see it)
      </label>
      <FormError error={changes.update.error} />
      <div className="toolbar">
        <button className="button button-primary" type="submit" disabled={changes.update.isPending}>
          Save
        </button>
        <button className="button" type="button" onClick={onDone}>
          Cancel
        </button>
        <button
          className="button button-danger"
          type="button"
          disabled={changes.remove.isPending}
          onClick={() => {
            if (!window.confirm(`Delete the collection "${collection.title}"? This cannot be undone.`))
              return;
            changes.remove.mutate(undefined, {
              onSuccess: () => navigate(paths.owner(collection.owner.name)),
            });
          }}
        >
          Delete collection
        </button>
      </div>
      <FormError error={changes.remove.error} />
    </form>
  );
}
