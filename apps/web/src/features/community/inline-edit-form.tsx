import { useState } from "react";
import { useAction } from "./use-action.js";

/**
 * Edits one text in place (a comment, a title): Save sends it, Cancel leaves it; the hub's error is
 * shown under the form and the typed text stays.
 */
export function InlineEditForm({
  fieldId,
  label,
  initial,
  className,
  saveLabel,
  multiline = false,
  maxLength,
  unchangedBlocksSave = false,
  save,
  done,
}: {
  fieldId: string;
  label: string;
  initial: string;
  className: string;
  saveLabel: string;
  multiline?: boolean;
  maxLength?: number;
  /** Titles: an empty or unchanged value cannot be saved. */
  unchangedBlocksSave?: boolean;
  save: (text: string) => Promise<unknown>;
  done: (saved: boolean) => void;
}) {
  const [text, setText] = useState(initial);
  const action = useAction();
  const blocked = unchangedBlocksSave && (!text.trim() || text.trim() === initial);
  return (
    <form
      className={`form ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(() => save(text)).then((ok) => ok && done(true));
      }}
    >
      <label className="visually-hidden" htmlFor={fieldId}>
        {label}
      </label>
      {multiline ? (
        <textarea
          id={fieldId}
          className="input"
          rows={Math.min(16, Math.max(4, text.split("\n").length + 1))}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      ) : (
        <input
          id={fieldId}
          className="input"
          value={text}
          maxLength={maxLength}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <div className="community-actions">
        <button
          className="button button-primary button-small"
          type="submit"
          disabled={action.busy || blocked}
        >
          {saveLabel}
        </button>
        <button className="button button-small" type="button" onClick={() => done(false)}>
          Cancel
        </button>
      </div>
      {action.feedback}
    </form>
  );
}
