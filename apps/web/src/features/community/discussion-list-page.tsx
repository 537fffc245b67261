import { Link, useSearchParams } from "react-router";
import { EmptyState, ErrorState, Skeleton } from "../../components/ui/status.js";
import type { DiscussionSummary, RepoType } from "@modelhub/api-types";
import { formatDate, formatRelative } from "../../lib/format.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import {
  PAGE_SIZE,
  useDiscussionList,
  type ListFilter,
  type StatusFilter,
  type TypeFilter,
} from "../../lib/community/api.js";
import { communityPaths } from "../../lib/community/paths.js";
import { KindBadge, StatusBadge } from "./status-badge.js";
import "./community.css";

const TYPES: { value: TypeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "discussion", label: "Discussions" },
  { value: "pull_request", label: "Pull requests" },
];
const STATUSES: { value: StatusFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "Any status" },
];

function readFilter(params: URLSearchParams): ListFilter {
  const type = params.get("type");
  const status = params.get("status");
  const page = Number(params.get("p") ?? "0");
  return {
    type: TYPES.some((t) => t.value === type) ? (type as TypeFilter) : "all",
    status: STATUSES.some((s) => s.value === status) ? (status as StatusFilter) : "open",
    page: Number.isSafeInteger(page) && page >= 0 ? page : 0,
  };
}

/** How many discussions a filter matches (the first page of it says; React Query shares it with the list). */
function useCount(type: RepoType, id: string, filter: Omit<ListFilter, "page">): number | undefined {
  return useDiscussionList(type, id, { ...filter, page: 0 }).data?.count;
}

function FilterChip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number | undefined;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="filter-chip" aria-pressed={pressed} onClick={onClick}>
      {label}
      <span className="count">{count ?? "…"}</span>
    </button>
  );
}

function DiscussionRow({ type, id, item }: { type: RepoType; id: string; item: DiscussionSummary }) {
  return (
    <li className="community-row" data-testid="discussion-row">
      <div className="community-row-main">
        <Link className="community-row-title" to={communityPaths.discussion(type, id, item.num)}>
          {item.title}
        </Link>
        <div className="small muted">
          #{item.num} opened{" "}
          <time dateTime={item.createdAt} title={formatDate(item.createdAt)}>
            {formatRelative(item.createdAt)}
          </time>{" "}
          by {item.author.name}
          {item.author.isOwner ? <span className="tag community-owner-tag">owner</span> : null}
        </div>
      </div>
      <div className="community-row-side">
        <KindBadge isPullRequest={item.isPullRequest} />
        <StatusBadge status={item.status} />
        <span className="small muted" title={`${item.numComments} comments`}>
          💬 {item.numComments}
        </span>
      </div>
    </li>
  );
}

/** `/{id}/discussions`: the repo's discussions and pull requests, filtered by kind and status. */
export function DiscussionListPage() {
  const { type, id } = useRepoRoute();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const list = useDiscussionList(type, id, filter);
  const typeCounts = {
    all: useCount(type, id, { type: "all", status: filter.status }),
    discussion: useCount(type, id, { type: "discussion", status: filter.status }),
    pull_request: useCount(type, id, { type: "pull_request", status: filter.status }),
  };
  const statusCounts = {
    open: useCount(type, id, { type: filter.type, status: "open" }),
    closed: useCount(type, id, { type: filter.type, status: "closed" }),
    all: useCount(type, id, { type: filter.type, status: "all" }),
  };
  const setFilter = (next: Partial<ListFilter>) => {
    const merged = { ...filter, page: 0, ...next };
    const query = new URLSearchParams();
    if (merged.status !== "open") query.set("status", merged.status);
    if (merged.type !== "all") query.set("type", merged.type);
    if (merged.page > 0) query.set("p", String(merged.page));
    setParams(query);
  };
  const total = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <RepoPageFrame type={type} id={id} tab="community" title="Community">
      <div className="toolbar community-toolbar">
        <div className="community-filters" role="group" aria-label="Kind">
          {TYPES.map((t) => (
            <FilterChip
              key={t.value}
              label={t.label}
              count={typeCounts[t.value]}
              pressed={filter.type === t.value}
              onClick={() => setFilter({ type: t.value })}
            />
          ))}
        </div>
        <div className="community-filters" role="group" aria-label="Status">
          {STATUSES.map((s) => (
            <FilterChip
              key={s.value}
              label={s.label}
              count={statusCounts[s.value]}
              pressed={filter.status === s.value}
              onClick={() => setFilter({ status: s.value })}
            />
          ))}
        </div>
        <Link className="button button-primary button-small" to={communityPaths.newDiscussion(type, id)}>
          New discussion
        </Link>
      </div>
      {list.isPending ? (
        <Skeleton lines={6} />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.discussions.length === 0 ? (
        <EmptyState
          title={
            filter.status === "all"
              ? "No discussions yet"
              : `No ${filter.status} ${filter.type === "pull_request" ? "pull requests" : "discussions"}`
          }
        >
          Ask a question, report a problem or propose a change:{" "}
          <Link to={communityPaths.newDiscussion(type, id)}>start a discussion</Link>.
        </EmptyState>
      ) : (
        <ul className="community-list card" aria-label="Discussions" data-testid="discussion-list">
          {list.data.discussions.map((item) => (
            <DiscussionRow key={item.num} type={type} id={id} item={item} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Discussion pages">
          <button
            type="button"
            className="button"
            disabled={filter.page === 0}
            onClick={() => setFilter({ page: filter.page - 1 })}
          >
            ← Newer
          </button>
          <span className="small muted community-page-of">
            Page {filter.page + 1} of {pages}
          </span>
          <button
            type="button"
            className="button"
            disabled={filter.page + 1 >= pages}
            onClick={() => setFilter({ page: filter.page + 1 })}
          >
            Older →
          </button>
        </nav>
      ) : null}
    </RepoPageFrame>
  );
}
