import { useState, type FormEvent } from "react";
import type { WebhookDomain, WebhookWatchedItem, WebhookWatchedType } from "@modelhub/api-types";
import type { WebhookInput } from "./api.js";

const WATCH_TYPES: { value: WebhookWatchedType; label: string; placeholder: string }[] = [
  { value: "model", label: "Model", placeholder: "owner/model-name" },
  { value: "dataset", label: "Dataset", placeholder: "owner/dataset-name" },
  { value: "space", label: "Space", placeholder: "owner/space-name" },
  { value: "user", label: "User (all their repos)", placeholder: "user-name" },
  { value: "org", label: "Organisation (all its repos)", placeholder: "org-name" },
];

/** Parses `?watch=model:owner/name` (the repo settings page links here with it). */
export function watchedFromQuery(value: string | null): WebhookWatchedItem | undefined {
  const match = /^(model|dataset|space|user|org):(.+)$/.exec(value ?? "");
  return match ? { type: match[1] as WebhookWatchedType, name: match[2] } : undefined;
}

/** The fields of a webhook: what it watches, which events, where they go and the secret. */
export function WebhookForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  initial: WebhookInput;
  submitLabel: string;
  busy: boolean;
  onSubmit: (input: WebhookInput) => void;
}) {
  const [watched, setWatched] = useState<WebhookWatchedItem[]>(
    initial.watched.length > 0 ? initial.watched : [{ type: "model", name: "" }],
  );
  const [domains, setDomains] = useState<WebhookDomain[]>(initial.domains);
  const [url, setUrl] = useState(initial.url);
  const [secret, setSecret] = useState(initial.secret);

  const setItem = (index: number, item: WebhookWatchedItem) =>
    setWatched((list) => list.map((old, i) => (i === index ? item : old)));
  const toggle = (domain: WebhookDomain, on: boolean) =>
    setDomains((list) => (on ? [...new Set([...list, domain])] : list.filter((d) => d !== domain)));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({
      url: url.trim(),
      secret,
      domains,
      watched: watched.map((w) => ({ type: w.type, name: w.name.trim() })).filter((w) => w.name !== ""),
    });
  }

  return (
    <form className="form" onSubmit={submit} aria-label="Webhook">
      <fieldset className="webhook-fieldset">
        <legend>Watched</legend>
        {watched.map((item, index) => (
          <div className="webhook-watch-row" key={index}>
            <select
              className="input"
              aria-label={`Kind of watched item ${index + 1}`}
              value={item.type}
              onChange={(e) => setItem(index, { ...item, type: e.target.value as WebhookWatchedType })}
            >
              {WATCH_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            <input
              className="input mono"
              aria-label={`Name of watched item ${index + 1}`}
              value={item.name}
              placeholder={WATCH_TYPES.find((t) => t.value === item.type)?.placeholder}
              onChange={(e) => setItem(index, { ...item, name: e.target.value })}
            />
            {watched.length > 1 ? (
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove watched item ${index + 1}`}
                onClick={() => setWatched((list) => list.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button button-small"
            onClick={() => setWatched((list) => [...list, { type: "model", name: "" }])}
          >
            Watch another
          </button>
        </div>
      </fieldset>
      <fieldset className="webhook-fieldset">
        <legend>Events</legend>
        <label className="webhook-check">
          <input
            type="checkbox"
            checked={domains.includes("repo")}
            onChange={(e) => toggle("repo", e.target.checked)}
          />{" "}
          Repo changes: commits and pushes, branches and tags, visibility, renames, creation and deletion
        </label>
        <label className="webhook-check">
          <input
            type="checkbox"
            checked={domains.includes("discussion")}
            onChange={(e) => toggle("discussion", e.target.checked)}
          />{" "}
          Community: new discussions and pull requests, comments, status changes and merges
        </label>
      </fieldset>
      <label>
        Target URL
        <input
          className="input mono"
          type="url"
          required
          value={url}
          placeholder="https://example.com/webhook"
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <label>
        Secret (optional)
        <input
          className="input mono"
          value={secret}
          maxLength={256}
          autoComplete="off"
          placeholder="sent as the X-Webhook-Secret header"
          onChange={(e) => setSecret(e.target.value)}
        />
      </label>
      <div>
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
