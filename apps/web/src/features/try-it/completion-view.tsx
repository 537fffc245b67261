import { useState, type FormEvent } from "react";
import type { SamplingParams } from "./options.js";
import { useGatewayStream } from "./use-gateway-stream.js";
import { RunOrStop } from "./run-or-stop.js";

interface CompletionViewProps {
  model: string;
  params: SamplingParams | undefined;
}

/** Plain text completion through `/v1/completions`, streamed. */
export function CompletionView({ model, params }: CompletionViewProps) {
  const [prompt, setPrompt] = useState("");
  const [sent, setSent] = useState("");
  const [output, setOutput] = useState<string>();
  const [note, setNote] = useState<string>();
  const [error, setError] = useState<string>();
  const { running, run, stop } = useGatewayStream();

  async function generate(event: FormEvent) {
    event.preventDefault();
    if (!prompt.trim() || running || !params) return;
    setSent(prompt);
    setOutput("");
    setNote(undefined);
    setError(undefined);
    const end = await run("completions", { model, prompt, ...params }, (piece) =>
      setOutput((previous) => (previous ?? "") + piece),
    );
    if (end.kind === "stopped") setNote("Stopped.");
    if (end.kind === "failed") setError(end.message);
  }

  return (
    <form className="try-it-chat" onSubmit={(event) => void generate(event)}>
      <label className="field">
        Prompt
        <textarea
          id="try-it-input"
          className="input"
          rows={3}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="Once upon a time"
        />
      </label>
      <div className="try-it-actions">
        <RunOrStop running={running} stop={stop} label="Generate" disabled={!prompt.trim() || !params} />
      </div>
      {output !== undefined ? (
        <div className="try-it-completion" data-testid="try-it-output" aria-live="polite">
          <div className="try-it-text">
            <span className="muted">{sent}</span>
            {output || (running ? "…" : "")}
          </div>
          {note ? <span className="try-it-note small muted">{note}</span> : null}
        </div>
      ) : null}
      {error ? (
        <p className="notice notice-error small try-it-error" role="alert" data-testid="try-it-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
