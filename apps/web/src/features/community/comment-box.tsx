import { useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.js";
import { changeStatus, postComment } from "../../lib/community/api.js";
import { MarkdownInput } from "./markdown-input.js";
import { canModerate } from "../../lib/community/permissions.js";
import { useAction } from "./use-action.js";
import type { DiscussionSectionProps } from "./section-props.js";

/** The reply form under the conversation, with Close / Reopen for the author and repo writers. */
export function CommentBox({ target, discussion, rights, changed }: DiscussionSectionProps) {
  const [text, setText] = useState("");
  const action = useAction();
  const location = useLocation();
  if (!rights.signedIn) {
    return (
      <div className="card community-signin" data-testid="comment-signin">
        <Link className="button button-primary" to={paths.signIn(location.pathname)}>
          Sign in
        </Link>{" "}
        <span className="muted">
          to comment on this {discussion.isPullRequest ? "pull request" : "discussion"}.
        </span>
      </div>
    );
  }
  const moderator = canModerate(rights, discussion.author.name) && discussion.status !== "merged";
  const closed = discussion.status === "closed";
  const submit = (work: () => Promise<unknown>) =>
    void action.run(work).then((ok) => {
      if (!ok) return;
      setText("");
      changed();
    });
  return (
    <form
      className="card form community-comment-box"
      aria-label="Add a comment"
      onSubmit={(event) => {
        event.preventDefault();
        submit(() => postComment(target.type, target.id, target.num, text));
      }}
    >
      <MarkdownInput
        id="new-comment"
        label="Comment"
        value={text}
        onChange={setText}
        placeholder="Leave a comment (markdown)"
      />
      <div className="community-actions">
        <button className="button button-primary" type="submit" disabled={action.busy || !text.trim()}>
          Comment
        </button>
        {moderator ? (
          <button
            className="button"
            type="button"
            disabled={action.busy}
            onClick={() =>
              submit(() =>
                changeStatus(
                  target.type,
                  target.id,
                  target.num,
                  closed ? "open" : "closed",
                  text.trim() || undefined,
                ),
              )
            }
          >
            {closed
              ? text.trim()
                ? "Reopen with comment"
                : `Reopen ${discussion.isPullRequest ? "pull request" : "discussion"}`
              : text.trim()
                ? "Close with comment"
                : `Close ${discussion.isPullRequest ? "pull request" : "discussion"}`}
          </button>
        ) : null}
        {moderator && discussion.status === "draft" ? (
          <button
            className="button"
            type="button"
            disabled={action.busy}
            onClick={() => submit(() => changeStatus(target.type, target.id, target.num, "open"))}
          >
            Mark as ready (open)
          </button>
        ) : null}
      </div>
      {action.feedback}
    </form>
  );
}
