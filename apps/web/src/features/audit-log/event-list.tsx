import { useState } from "react";
import { formatRelative } from "../../lib/format.js";
import type { AuditEvent } from "./api.js";

function Author({ event }: { event: AuditEvent }) {
  const { author, token } = event;
  const name = author.user ?? (author.type === "system" ? "system" : "anonymous");
  return (
    <span className="audit-author">
      <span className={`audit-avatar ${author.type}`} aria-hidden="true">
        {author.type === "system" ? "⚙" : name.slice(0, 1).toUpperCase()}
      </span>
      <span>
        <span className="audit-author-name" data-author={name}>
          {name}
        </span>
        {author.type !== "user" ? <span className="small muted"> ({author.type})</span> : null}
        {token ? (
          <span className="tag audit-token" title={`token ${token.id}`}>
            token …{token.last4 ?? "????"} · {token.role}
          </span>
        ) : null}
      </span>
    </span>
  );
}

function Details({ event }: { event: AuditEvent }) {
  return (
    <div className="audit-details">
      <dl>
        <dt>Event id</dt>
        <dd className="mono">{event._id}</dd>
        <dt>Time</dt>
        <dd className="mono">{event.createdAt}</dd>
        <dt>User-Agent</dt>
        <dd className="mono">{event.userAgent ?? "—"}</dd>
        <dt>Chain</dt>
        <dd className="mono">
          #{event.seq} · {event.hash.slice(0, 16)}… (after {event.prevHash.slice(0, 16)}…)
        </dd>
      </dl>
      <pre className="audit-data">{JSON.stringify(event.data, null, 2)}</pre>
    </div>
  );
}

export function EventList({ events }: { events: AuditEvent[] }) {
  const [open, setOpen] = useState<string>();
  return (
    <ol className="card audit-events" data-testid="audit-events">
      {events.map((event) => {
        const expanded = open === event._id;
        return (
          <li key={event._id} className="audit-event" data-type={event.type}>
            <div className="audit-event-row">
              <time className="audit-time" dateTime={event.createdAt} title={event.createdAt}>
                {formatRelative(event.createdAt)}
                <span className="small muted">{event.createdAt.slice(0, 19).replace("T", " ")} UTC</span>
              </time>
              <Author event={event} />
              <span className="audit-what">
                <code className="audit-type">{event.type}</code>
                <span className="audit-message">{event.message}</span>
              </span>
              <span className="audit-ip mono small muted">{event.ip ?? "—"}</span>
              <button
                type="button"
                className="button button-small audit-toggle"
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? undefined : event._id)}
              >
                {expanded ? "Hide" : "Details"}
              </button>
            </div>
            {expanded ? <Details event={event} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
