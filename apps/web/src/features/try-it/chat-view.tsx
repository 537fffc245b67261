import { useEffect, useRef, useState, type FormEvent } from "react";
import type { SamplingParams } from "./options.js";
import { useGatewayStream } from "./use-gateway-stream.js";
import { RunOrStop } from "./run-or-stop.js";

interface Turn {
  role: "user" | "assistant";
  content: string;
  /** Why an answer ended early: stopped by the user, or the gateway's error. */
  note?: string;
}

interface ChatViewProps {
  /** The gateway's `model` (`id` or `id:backend`). */
  model: string;
  /** undefined while a sampling setting is invalid: nothing can be sent. */
  params: SamplingParams | undefined;
}

/** A conversation with the model through `/v1/chat/completions`, streamed token by token. */
export function ChatView({ model, params }: ChatViewProps) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();
  const { running, run, stop } = useGatewayStream();
  const list = useRef<HTMLOListElement>(null);
  // Keep the newest text in view as it streams in.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [turns]);

  const patchLast = (patch: (turn: Turn) => Turn) =>
    setTurns((previous) => [...previous.slice(0, -1), patch(previous[previous.length - 1])]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || running || !params) return;
    // The history sent is what the user sees: answers that failed before any text are not part of it.
    const history = [...turns.filter((t) => t.content !== ""), { role: "user" as const, content: text }];
    setTurns([...history, { role: "assistant", content: "" }]);
    setDraft("");
    setError(undefined);
    let received = false;
    const end = await run(
      "chat/completions",
      { model, messages: history.map(({ role, content }) => ({ role, content })), ...params },
      (piece) => {
        received = true;
        patchLast((turn) => ({ ...turn, content: turn.content + piece }));
      },
    );
    if (end.kind === "stopped") patchLast((turn) => ({ ...turn, note: "Stopped." }));
    if (end.kind === "failed") {
      setError(end.message);
      if (received) patchLast((turn) => ({ ...turn, note: "Cut off." }));
      else {
        // Nothing came back (refused, rate limited): the message goes back into the box to send again.
        setTurns((previous) => previous.slice(0, -2));
        setDraft((current) => current || text);
      }
    }
  }

  return (
    <form className="try-it-chat" onSubmit={(event) => void send(event)}>
      <ol
        ref={list}
        className="try-it-messages"
        aria-label="Conversation"
        aria-live="polite"
        data-testid="try-it-messages"
      >
        {turns.length === 0 ? <li className="try-it-empty muted small">Send a message to start.</li> : null}
        {turns.map((turn, index) => (
          <li key={index} className={`try-it-turn try-it-${turn.role}`} data-role={turn.role}>
            <span className="try-it-role">{turn.role === "user" ? "You" : "Model"}</span>
            {/* Plain text only: model output is never read as HTML. */}
            <div className="try-it-text">
              {turn.content || (running && index === turns.length - 1 ? "…" : "")}
            </div>
            {turn.note ? <span className="try-it-note small muted">{turn.note}</span> : null}
          </li>
        ))}
      </ol>
      {error ? (
        <p className="notice notice-error small try-it-error" role="alert" data-testid="try-it-error">
          {error}
        </p>
      ) : null}
      <label className="field">
        Message
        <textarea
          id="try-it-input"
          className="input"
          rows={2}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder="Ask something…"
        />
      </label>
      <div className="try-it-actions">
        <RunOrStop running={running} stop={stop} label="Send" disabled={!draft.trim() || !params} />
        {turns.length > 0 && !running ? (
          <button type="button" className="button button-small" onClick={() => setTurns([])}>
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
