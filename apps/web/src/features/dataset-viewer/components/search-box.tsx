import { useEffect, useState } from "react";

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 400;

/**
 * Full-text search over the split (`/search`). Runs when typing pauses or on Enter; a search changed
 * elsewhere (cleared by adding a filter, the browser's back button) replaces the text in the box.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value.trim()) return;
    const timer = window.setTimeout(() => onSearch(draft), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <form
      className="viewer-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <input
        className="input"
        type="search"
        aria-label="Search this split"
        placeholder="Search this split…"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </form>
  );
}
