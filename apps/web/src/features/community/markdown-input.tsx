import { useState } from "react";
import { CommentMarkdown } from "./comment-markdown.js";

/** A markdown textarea with a Preview toggle (the preview is the same sanitised renderer as the page). */
export function MarkdownInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  rows = 6,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
}) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="community-md-input">
      <div className="community-md-bar">
        <label htmlFor={id}>{label}</label>
        <button
          type="button"
          className="button button-small"
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
        >
          {preview ? "Write" : "Preview"}
        </button>
      </div>
      {preview ? (
        <div className="community-md-preview" data-testid="markdown-preview">
          {value.trim() ? <CommentMarkdown source={value} /> : <p className="muted">Nothing to preview.</p>}
        </div>
      ) : (
        <textarea
          id={id}
          className="input"
          rows={rows}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <span className="hint">Markdown: **bold**, `code`, ```fenced blocks```, links, tables.</span>
    </div>
  );
}
