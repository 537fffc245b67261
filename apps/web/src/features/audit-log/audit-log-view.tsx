import { useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import { exportUrl, useAuditCatalogue, useAuditPage, type AuditScope } from "./api.js";
import { EventList } from "./event-list.js";
import { FilterForm } from "./filter-form.js";
import { fromQuery, toQuery } from "./query.js";
import "./audit-log.css";

/**
 * Filters, one page of events (newest first) with older/newer paging, and downloads of everything the
 * filter matches. The filter lives in the address (`?q=`), so a filtered view can be shared.
 */
export function AuditLogView({ scope }: { scope: AuditScope }) {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  // pages already seen, for "Newer": the cursor of each page (undefined: the first one)
  const [trail, setTrail] = useState<{ q: string; cursors: (string | undefined)[] }>({
    q,
    cursors: [undefined],
  });
  const cursors = trail.q === q ? trail.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const page = useAuditPage(scope, q, cursor, true);
  const catalogue = useAuditCatalogue();

  return (
    <div className="audit-log">
      <FilterForm
        key={q}
        initial={fromQuery(q)}
        catalogue={catalogue.data ?? []}
        onApply={(filters) => {
          const next = toQuery(filters);
          setParams(next ? { q: next } : {});
        }}
      />
      <div className="audit-toolbar">
        <span className="small muted">
          {q ? (
            <>
              Query <code data-testid="audit-query">{q}</code>
            </>
          ) : (
            "All events, newest first"
          )}
        </span>
        <span className="audit-downloads">
          <a className="button button-small" href={exportUrl(scope, q, "json")} download>
            Download JSON
          </a>
          <a className="button button-small" href={exportUrl(scope, q, "csv")} download>
            Download CSV
          </a>
        </span>
      </div>
      {page.isPending ? (
        <Skeleton lines={8} />
      ) : page.isError ? (
        <ErrorState error={page.error} retry={() => void page.refetch()} />
      ) : page.data.events.length === 0 ? (
        <EmptyState title={q ? "No event matches" : "No events yet"}>
          {q ? "Change or clear the filters." : "Actions on this hub appear here as they happen."}
        </EmptyState>
      ) : (
        <>
          <EventList events={page.data.events} />
          <nav className="audit-pager" aria-label="Pages">
            <button
              type="button"
              className="button button-small"
              disabled={cursors.length <= 1}
              onClick={() => setTrail({ q, cursors: cursors.slice(0, -1) })}
            >
              ← Newer
            </button>
            <span className="small muted">page {cursors.length}</span>
            <button
              type="button"
              className="button button-small"
              disabled={page.data.nextCursor === null}
              onClick={() => setTrail({ q, cursors: [...cursors, page.data.nextCursor ?? undefined] })}
            >
              Older →
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
