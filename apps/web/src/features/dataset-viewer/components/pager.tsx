import { useState, type FormEvent } from "react";
import { pageCount, pageItems, rowRangeLabel } from "../lib/pagination.js";
import { PAGE_SIZE } from "../lib/viewer-state.js";

/** Page numbers, previous/next, and a "go to row" box for the table below. */
export function Pager({
  page,
  rowsOnPage,
  totalRows,
  onPage,
  onRow,
}: {
  page: number;
  rowsOnPage: number;
  totalRows: number;
  onPage: (page: number) => void;
  onRow: (row: number) => void;
}) {
  const count = pageCount(totalRows, PAGE_SIZE);
  const [row, setRow] = useState("");
  const lastRow = Math.max(0, totalRows - 1);

  function jump(event: FormEvent) {
    event.preventDefault();
    const target = Number(row.replaceAll(/[,_\s]/g, ""));
    if (!Number.isFinite(target) || row.trim() === "") return;
    onRow(Math.min(lastRow, Math.max(0, Math.floor(target))));
  }

  return (
    <div className="viewer-pager">
      <p className="small muted viewer-range" data-testid="viewer-range">
        {rowRangeLabel(page, rowsOnPage, totalRows)}
      </p>
      {count > 1 ? (
        <nav className="page-numbers" aria-label="Pages">
          <button
            type="button"
            className="button button-small"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
            aria-label="Previous page"
          >
            ‹
          </button>
          {pageItems(page, count).map((item, index) =>
            item === "gap" ? (
              <span key={`gap-${index}`} className="page-gap" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={`button button-small page-number${item === page ? " current" : ""}`}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item + 1}`}
                onClick={() => onPage(item)}
              >
                {(item + 1).toLocaleString("en")}
              </button>
            ),
          )}
          <button
            type="button"
            className="button button-small"
            disabled={page >= count - 1}
            onClick={() => onPage(page + 1)}
            aria-label="Next page"
          >
            ›
          </button>
        </nav>
      ) : null}
      {count > 1 ? (
        <form className="jump-to-row" onSubmit={jump}>
          <label>
            <span className="small muted">Go to row</span>
            <input
              className="input"
              inputMode="numeric"
              value={row}
              placeholder={`0–${lastRow.toLocaleString("en")}`}
              onChange={(event) => setRow(event.target.value)}
            />
          </label>
          <button type="submit" className="button button-small">
            Go
          </button>
        </form>
      ) : null}
    </div>
  );
}
