import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { ErrorState, NotFoundState, Skeleton } from "../../components/ui/status.js";
import { isNotFound } from "../../lib/api-error.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import { useTitle } from "../../lib/use-title.js";
import { RepoPageFrame } from "../../components/repos/repo-page-frame.js";
import { useRepoRoute } from "../../lib/repos/use-repo-route.js";
import { renameDiscussion, useDiscussion, useRefreshDiscussions } from "../../lib/community/api.js";
import type { CommentTarget } from "./comment-card.js";
import { CommentBox } from "./comment-box.js";
import { MergeBox } from "./merge-box.js";
import { communityPaths } from "../../lib/community/paths.js";
import { canModerate, useCommunityRights } from "../../lib/community/permissions.js";
import { PrFiles } from "./pr-files.js";
import { KindBadge, StatusBadge } from "./status-badge.js";
import { Timeline } from "./timeline.js";
import { InlineEditForm } from "./inline-edit-form.js";
import "./community.css";
import type { DiscussionSectionProps } from "./section-props.js";

function TitleEditor({
  target,
  title,
  done,
}: {
  target: CommentTarget;
  title: string;
  done: (saved: boolean) => void;
}) {
  return (
    <InlineEditForm
      fieldId="discussion-title"
      label="Title"
      initial={title}
      className="community-title-form"
      saveLabel="Save title"
      maxLength={200}
      unchangedBlocksSave
      save={(text) => renameDiscussion(target.type, target.id, target.num, text)}
      done={done}
    />
  );
}

function DiscussionHead({ target, discussion, rights, changed }: DiscussionSectionProps) {
  const [renaming, setRenaming] = useState(false);
  return (
    <header className="community-head">
      {renaming ? (
        <TitleEditor
          target={target}
          title={discussion.title}
          done={(saved) => {
            setRenaming(false);
            if (saved) changed();
          }}
        />
      ) : (
        <div className="community-title-row">
          <h2 className="community-title" data-testid="discussion-title">
            {discussion.title} <span className="muted">#{discussion.num}</span>
          </h2>
          {canModerate(rights, discussion.author.name) ? (
            <button type="button" className="button button-small" onClick={() => setRenaming(true)}>
              Rename
            </button>
          ) : null}
        </div>
      )}
      <div className="community-meta">
        <StatusBadge status={discussion.status} />
        <KindBadge isPullRequest={discussion.isPullRequest} />
        <span className="small muted">
          <strong>{discussion.author.name}</strong>{" "}
          {discussion.isPullRequest ? (
            <>
              wants to merge <code>{discussion.changes?.head ?? `refs/pr/${discussion.num}`}</code> into{" "}
              <code>{(discussion.changes?.base ?? "refs/heads/main").replace(/^refs\/heads\//, "")}</code>
            </>
          ) : (
            "opened this discussion"
          )}{" "}
          <time dateTime={discussion.createdAt} title={formatDate(discussion.createdAt)}>
            {formatRelative(discussion.createdAt)}
          </time>
        </span>
      </div>
    </header>
  );
}

function Conversation({ target, discussion, rights, changed }: DiscussionSectionProps) {
  return (
    <>
      <Timeline target={target} events={discussion.events} rights={rights} changed={changed} />
      <MergeBox target={target} discussion={discussion} rights={rights} changed={changed} />
      <CommentBox target={target} discussion={discussion} rights={rights} changed={changed} />
    </>
  );
}

/**
 * `/{id}/discussions/{num}` and, for pull requests, `…/{num}/files`: the conversation with its
 * comment box and moderation buttons, or the files the pull request changes.
 */
export function DiscussionPage() {
  const { type, id } = useRepoRoute();
  const params = useParams();
  const { pathname } = useLocation();
  const num = Number(params.num);
  const filesTab = pathname.replace(/\/$/, "").endsWith("/files");
  const target: CommentTarget = { type, id, num };
  const valid = Number.isSafeInteger(num) && num > 0;
  const details = useDiscussion(type, id, num);
  const refresh = useRefreshDiscussions(type, id);
  const rights = useCommunityRights(id);
  const discussion = details.data;
  useTitle(discussion ? `${discussion.title} · #${num} · ${id}` : undefined);
  const changed = () => void refresh();
  return (
    <RepoPageFrame type={type} id={id} tab="community" title={`#${params.num ?? ""}`}>
      <p className="small community-back">
        <Link to={communityPaths.list(type, id)}>← All discussions</Link>
      </p>
      {!valid || (details.isError && isNotFound(details.error)) ? (
        <NotFoundState what="discussion" />
      ) : details.isPending ? (
        <Skeleton lines={10} />
      ) : details.isError || !discussion ? (
        <ErrorState error={details.error} retry={() => void details.refetch()} />
      ) : (
        <div className="community-page" data-testid="discussion-page">
          <DiscussionHead target={target} discussion={discussion} rights={rights} changed={changed} />
          {discussion.isPullRequest ? (
            <nav className="tabs community-tabs" aria-label="Pull request sections">
              <Link
                className="tab"
                to={communityPaths.discussion(type, id, num)}
                aria-current={filesTab ? undefined : "page"}
              >
                Conversation
              </Link>
              <Link
                className="tab"
                to={communityPaths.files(type, id, num)}
                aria-current={filesTab ? "page" : undefined}
              >
                Files changed
              </Link>
            </nav>
          ) : null}
          {filesTab && discussion.isPullRequest ? (
            <PrFiles target={target} />
          ) : (
            <Conversation target={target} discussion={discussion} rights={rights} changed={changed} />
          )}
        </div>
      )}
    </RepoPageFrame>
  );
}
