import { Link } from "react-router";
import { paths } from "../../config/paths.js";
import { formatDate, formatRelative } from "../../lib/format.js";
import type { DiscussionEvent } from "@modelhub/api-types";
import { CommentCard, type CommentTarget } from "./comment-card.js";
import type { CommunityRights } from "../../lib/community/permissions.js";

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDate(at)}>
      {formatRelative(at)}
    </time>
  );
}

/** A status change, title change or pushed commit: one line between the comments. */
function EventLine({
  target,
  event,
}: {
  target: CommentTarget;
  event: Exclude<DiscussionEvent, { type: "comment" }>;
}) {
  const who = <strong>{event.author.name}</strong>;
  let what;
  let icon = "•";
  if (event.type === "title-change") {
    icon = "✎";
    what = (
      <>
        changed the title from <del>{event.data.from}</del> to <em>{event.data.to}</em>
      </>
    );
  } else if (event.type === "commit") {
    icon = "⎇";
    what = (
      <>
        pushed{" "}
        <Link className="commit-sha" to={paths.commit(target.type, target.id, event.data.oid)}>
          <code>{event.data.oid.slice(0, 7)}</code>
        </Link>{" "}
        {event.data.subject}
      </>
    );
  } else if (event.data.status === "merged") {
    icon = "✓";
    what = (
      <>
        merged this pull request
        {event.data.mergeCommitId ? (
          <>
            {" "}
            in{" "}
            <Link className="commit-sha" to={paths.commit(target.type, target.id, event.data.mergeCommitId)}>
              <code>{event.data.mergeCommitId.slice(0, 7)}</code>
            </Link>
          </>
        ) : null}
      </>
    );
  } else {
    icon = event.data.status === "closed" ? "⊘" : "↻";
    what = event.data.status === "closed" ? "closed this" : "reopened this";
  }
  return (
    <li className={`community-event community-event-${event.type}`} data-testid="timeline-event">
      <span className="community-event-icon" aria-hidden="true">
        {icon}
      </span>
      <span>
        {who} {what} ·{" "}
        <span className="muted">
          <When at={event.createdAt} />
        </span>
      </span>
    </li>
  );
}

/** The conversation: comments and the changes made to the discussion, oldest first. */
export function Timeline({
  target,
  events,
  rights,
  changed,
}: {
  target: CommentTarget;
  events: DiscussionEvent[];
  rights: CommunityRights;
  changed: () => void;
}) {
  return (
    <ol className="community-timeline" aria-label="Conversation">
      {events.map((event) =>
        event.type === "comment" ? (
          <li key={event.id} className="community-timeline-comment">
            <CommentCard
              target={target}
              commentId={event.id}
              author={event.author}
              createdAt={event.createdAt}
              data={event.data}
              rights={rights}
              changed={changed}
            />
          </li>
        ) : (
          <EventLine key={event.id} target={target} event={event} />
        ),
      )}
    </ol>
  );
}
