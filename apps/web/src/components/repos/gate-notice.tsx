import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.js";
import type { RepoInfo, RepoType } from "@modelhub/api-types";
import { ErrorState } from "../ui/status.js";
import { useAuth } from "../../lib/auth/auth-context.js";
import {
  useAccessRequests,
  useAskAccess,
  useGateState,
  useHandleAccessRequest,
} from "../../lib/repos/api/access-requests.js";
import { gateView, inputTypeOf } from "../../lib/repos/gate-view.js";

/** Gate box of a gated repo: the request form or its state, and for owners the pending requests. */
export function GateNotice({ type, id, info }: { type: RepoType; id: string; info: RepoInfo }) {
  const { user } = useAuth();
  const location = useLocation();
  const state = useGateState(type, id, user?.name, Boolean(info.gated));
  const ask = useAskAccess(type, id, user?.name);
  const [answers, setAnswers] = useState<Record<string, string | boolean>>({});
  if (!info.gated) return null;
  const view = gateView(state.data, Boolean(user));
  const prompt =
    typeof info.cardData?.extra_gated_prompt === "string" ? info.cardData.extra_gated_prompt : undefined;
  const fields = state.data?.fields ?? {};

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    ask.mutate(answers);
  }

  return (
    <section className="card gate-notice" aria-labelledby="gate-title" style={{ marginTop: 14 }}>
      <h2 id="gate-title" style={{ fontSize: "1rem", marginTop: 0 }}>
        Access to this repository is gated
      </h2>
      {view.kind === "granted" ? (
        <p className="notice notice-ok" role="status">
          {view.text}
        </p>
      ) : view.kind === "rejected" ? (
        <p className="notice notice-error" role="status">
          {view.text}
        </p>
      ) : view.kind === "pending" ? (
        <p className="notice notice-info" role="status">
          {view.text}
        </p>
      ) : (
        <p className="notice">{view.text}</p>
      )}
      {view.kind === "sign-in" ? (
        <p>
          <Link className="button button-primary" to={paths.signIn(location.pathname)}>
            Sign in to request access
          </Link>
        </p>
      ) : null}
      {view.kind === "form" && !state.isPending ? (
        <form className="form" onSubmit={onSubmit} style={{ marginTop: 10 }}>
          {prompt ? <p className="small">{prompt}</p> : null}
          {Object.entries(fields).map(([label, kind]) =>
            inputTypeOf(kind) === "checkbox" ? (
              <label key={label} style={{ flexDirection: "row", alignItems: "center" }}>
                <input
                  type="checkbox"
                  required
                  checked={answers[label] === true}
                  onChange={(e) => setAnswers({ ...answers, [label]: e.target.checked })}
                />
                {label}
              </label>
            ) : state.data?.fieldOptions?.[label]?.length ? (
              <label key={label}>
                {label}
                <select
                  className="input"
                  required
                  value={typeof answers[label] === "string" ? answers[label] : ""}
                  onChange={(e) => setAnswers({ ...answers, [label]: e.target.value })}
                >
                  <option value="" disabled>
                    Choose…
                  </option>
                  {state.data.fieldOptions[label].map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <label key={label}>
                {label}
                <input
                  className="input"
                  type={inputTypeOf(kind)}
                  required
                  maxLength={2000}
                  value={typeof answers[label] === "string" ? answers[label] : ""}
                  onChange={(e) => setAnswers({ ...answers, [label]: e.target.value })}
                />
              </label>
            ),
          )}
          <p className="small muted">
            Requesting access shares your username and email with the repository's authors.
          </p>
          {ask.isError ? <ErrorState error={ask.error} /> : null}
          <div>
            <button type="submit" className="button button-primary" disabled={ask.isPending}>
              Request access
            </button>
          </div>
        </form>
      ) : null}
      {state.data?.canManage ? <PendingRequests type={type} id={id} /> : null}
    </section>
  );
}

/** The owner's list of pending requests, each with Accept / Reject. */
function PendingRequests({ type, id }: { type: RepoType; id: string }) {
  const pending = useAccessRequests(type, id, "pending", true);
  const handle = useHandleAccessRequest(type, id);
  const items = pending.data ?? [];
  return (
    <div style={{ marginTop: 14 }}>
      <h3 style={{ fontSize: "0.95rem" }}>Pending access requests ({items.length})</h3>
      {pending.isError ? <ErrorState error={pending.error} /> : null}
      {handle.isError ? <ErrorState error={handle.error} /> : null}
      {items.length === 0 && pending.isSuccess ? <p className="small muted">No pending requests.</p> : null}
      <ul className="commit-list" style={{ listStyle: "none", padding: 0 }}>
        {items.map((item) => (
          <li
            key={item.user.user}
            style={{ display: "flex", gap: 8, alignItems: "center", padding: "6px 0" }}
          >
            <span style={{ flex: 1 }}>
              <strong>{item.user.user}</strong>
              {item.user.email ? <span className="small muted"> {item.user.email}</span> : null}
              {item.fields ? (
                <span className="small muted">
                  {" "}
                  {Object.entries(item.fields)
                    .map(([label, value]) => `${label}: ${value}`)
                    .join(" · ")}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              className="button button-small button-primary"
              disabled={handle.isPending}
              onClick={() => handle.mutate({ user: item.user.user, status: "accepted" })}
            >
              Accept
            </button>
            <button
              type="button"
              className="button button-small button-danger"
              disabled={handle.isPending}
              onClick={() => handle.mutate({ user: item.user.user, status: "rejected" })}
            >
              Reject
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
