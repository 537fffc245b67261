import { useState } from "react";
import type { RepoType } from "@modelhub/api-types";
import { formatDate, formatRelative } from "../../lib/format.js";
import { CommentMarkdown } from "./comment-markdown.js";
import type { CommentData, DiscussionAuthor } from "@modelhub/api-types";
import { editComment, hideComment } from "../../lib/community/api.js";
import type { CommunityRights } from "../../lib/community/permissions.js";
import { InlineEditForm } from "./inline-edit-form.js";
import { useAction } from "./use-action.js";

export interface CommentTarget {
  type: RepoType;
  id: string;
  num: number;
}

function CommentEditor({
  target,
  commentId,
  initial,
  done,
}: {
  target: CommentTarget;
  commentId: string;
  initial: string;
  done: (saved: boolean) => void;
}) {
  return (
    <InlineEditForm
      fieldId={`edit-${commentId}`}
      label="Edit comment"
      initial={initial}
      className="community-edit"
      saveLabel="Save"
      multiline
      save={(text) => editComment(target.type, target.id, target.num, commentId, text)}
      done={done}
    />
  );
}

/** One comment: author, time, its markdown (sanitised), and Edit (its author) / Hide (repo writers). */
export function CommentCard({
  target,
  commentId,
  author,
  createdAt,
  data,
  rights,
  changed,
}: {
  target: CommentTarget;
  commentId: string;
  author: DiscussionAuthor;
  createdAt: string;
  data: CommentData;
  rights: CommunityRights;
  changed: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmHide, setConfirmHide] = useState(false);
  const hide = useAction();
  const own = rights.user !== undefined && rights.user.toLowerCase() === author.name.toLowerCase();
  return (
    <article
      className="card community-comment"
      data-testid="comment"
      aria-label={`Comment by ${author.name}`}
    >
      <header className="community-comment-header">
        <strong>{author.name}</strong>
        {author.isOwner ? <span className="tag community-owner-tag">owner</span> : null}
        <span className="small muted">
          <time dateTime={createdAt} title={formatDate(createdAt)}>
            {formatRelative(createdAt)}
          </time>
          {data.edited && !data.hidden ? " · edited" : ""}
        </span>
        {!data.hidden && !editing ? (
          <span className="community-comment-tools">
            {own ? (
              <button type="button" className="button button-small" onClick={() => setEditing(true)}>
                Edit
              </button>
            ) : null}
            {rights.writer && !confirmHide ? (
              <button type="button" className="button button-small" onClick={() => setConfirmHide(true)}>
                Hide
              </button>
            ) : null}
            {confirmHide ? (
              <>
                <button
                  type="button"
                  className="button button-small button-danger"
                  disabled={hide.busy}
                  onClick={() =>
                    void hide
                      .run(() => hideComment(target.type, target.id, target.num, commentId))
                      .then((ok) => ok && changed())
                  }
                >
                  Hide for good
                </button>
                <button type="button" className="button button-small" onClick={() => setConfirmHide(false)}>
                  Keep
                </button>
              </>
            ) : null}
          </span>
        ) : null}
      </header>
      {hide.feedback}
      {data.hidden ? (
        <p className="muted community-hidden">
          This comment has been hidden{data.hiddenBy ? ` by ${data.hiddenBy}` : ""}.
        </p>
      ) : editing ? (
        <CommentEditor
          target={target}
          commentId={commentId}
          initial={data.latest.raw}
          done={(saved) => {
            setEditing(false);
            if (saved) changed();
          }}
        />
      ) : data.latest.raw.trim() ? (
        <CommentMarkdown source={data.latest.raw} repo={target} />
      ) : (
        <p className="muted">No description provided.</p>
      )}
    </article>
  );
}
