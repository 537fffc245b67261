import { useState, type KeyboardEvent } from "react";
import { CopyButton } from "../../../components/ui/copy-button.js";
import { useSqlResult } from "../api/use-viewer-queries.js";
import { errorText } from "../api/viewer-api.js";
import { defaultQuery, shareLink, sqlCellText, tableName } from "../lib/sql-console.js";

/** Rows of a result drawn at most (the server's row limit may allow more). */
const MAX_SHOWN_ROWS = 1000;

/**
 * A read-only SQL console over the chosen config: each split is a table named after it. The query
 * that ran is in the page URL (`sql=`), so the share link reopens the console with the same result.
 */
export function SqlConsole({
  dataset,
  config,
  splits,
  query,
  onRun,
}: {
  dataset: string;
  config: string;
  splits: string[];
  /** The query last run (from the URL); empty when none ran yet. */
  query: string;
  onRun: (query: string) => void;
}) {
  const [draft, setDraft] = useState(query || defaultQuery(splits));
  const result = useSqlResult(dataset, config, query || undefined);

  function run() {
    const text = draft.trim();
    if (!text) return;
    if (text === query.trim()) void result.refetch();
    else onRun(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  }

  return (
    <section className="sql-console" aria-label="SQL console" data-testid="sql-console">
      <p className="small muted sql-tables">
        Tables:{" "}
        {splits.map((split) => (
          <code key={split}>{tableName(split)}</code>
        ))}
        <span> · read-only DuckDB SQL over config </span>
        <code>{config}</code>
      </p>
      <textarea
        className="input mono sql-editor"
        aria-label="SQL query"
        spellCheck={false}
        rows={5}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="sql-actions">
        <button type="button" className="button button-primary" onClick={run} disabled={result.isFetching}>
          {result.isFetching ? "Running…" : "Run query"}
        </button>
        <span className="small muted sql-hint">Ctrl+Enter runs</span>
        {query ? (
          <span className="sql-share">
            <a href={shareLink(window.location.href, query)} className="small" data-testid="sql-share-link">
              Link to this query
            </a>
            <CopyButton text={shareLink(window.location.href, query)} label="Copy link" />
          </span>
        ) : null}
      </div>
      {!query ? null : result.isError ? (
        <div className="notice notice-error sql-error" role="alert" data-testid="sql-error">
          <strong>Query failed</strong>
          <pre>{errorText(result.error)}</pre>
        </div>
      ) : result.data ? (
        <div className="sql-result" data-testid="sql-result">
          <p className="small muted">
            {result.data.rows.length.toLocaleString("en")} row{result.data.rows.length === 1 ? "" : "s"}
            {result.data.truncated ? " (row limit reached)" : ""} · {Math.round(result.data.elapsed_ms)} ms
          </p>
          <div className="data-table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  {result.data.columns.map((column, index) => (
                    <th key={index} scope="col">
                      {column.name} <span className="column-type">{column.type}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.data.rows.slice(0, MAX_SHOWN_ROWS).map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => {
                      const text = sqlCellText(cell);
                      return (
                        <td key={column} className={cell === null ? "cell-null" : undefined}>
                          {text.length > 300 ? `${text.slice(0, 300)}…` : text}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : result.isFetching ? (
        <p className="small muted">Running…</p>
      ) : null}
    </section>
  );
}
