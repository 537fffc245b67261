import { useEffect, useState } from "react";

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 400;

/**
 * Full-text search over the split (`/search`). Runs when typing pauses or on Enter. Mount it with
 * `key={value}` so a search cleared elsewhere (a filter was added) resets the box.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
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
