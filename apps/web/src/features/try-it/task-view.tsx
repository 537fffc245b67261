import { useRef, useState, type FormEvent } from "react";
import { describeFailure } from "./gateway-client.js";
import { RunOrStop } from "./run-or-stop.js";
import { callTask, type TaskPayload } from "./task-client.js";
import { TaskResult } from "./task-results.js";
import { TextArea } from "./task-forms/form-parts.js";

/** Tasks the hub's ONNX backend runs, with the try-it form each gets. */
export const FORM_TASKS = new Set([
  "text-classification",
  "token-classification",
  "fill-mask",
  "feature-extraction",
  "sentence-similarity",
  "zero-shot-classification",
  "question-answering",
  "image-classification",
]);

const PLACEHOLDERS: Record<string, string> = {
  "text-classification": "I like you. I love you",
  "token-classification": "My name is Clara and I live in Berkeley, California.",
  "fill-mask": "The capital of France is [MASK].",
  "feature-extraction": "Today is a sunny day and I will get some ice cream.",
  "zero-shot-classification": "I have a problem with my iphone that needs to be resolved asap!",
  "question-answering": "Where do I live?",
};

/** A form per task (text; labels for zero-shot; question + context; an image), and the answer below it. */
export function TaskView({ modelId, task }: { modelId: string; task: string }) {
  const [text, setText] = useState("");
  const [second, setSecond] = useState("");
  const [file, setFile] = useState<File>();
  const [answer, setAnswer] = useState<{ value: unknown; text: string }>();
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

  const needsSecond =
    task === "zero-shot-classification" || task === "question-answering" || task === "sentence-similarity";
  const ready =
    task === "image-classification"
      ? file !== undefined
      : text.trim() !== "" && (!needsSecond || second.trim() !== "");

  function payload(): { body: TaskPayload; shown: string } {
    switch (task) {
      case "image-classification":
        return { body: { file: file! }, shown: "" };
      case "zero-shot-classification":
        return {
          body: {
            json: {
              inputs: text,
              parameters: {
                candidate_labels: second
                  .split(",")
                  .map((l) => l.trim())
                  .filter(Boolean),
              },
            },
          },
          shown: text,
        };
      case "question-answering":
        return { body: { json: { inputs: { question: text, context: second } } }, shown: second };
      case "sentence-similarity": {
        const sentences = second.split("\n").filter((s) => s.trim() !== "");
        return {
          body: { json: { inputs: { source_sentence: text, sentences } } },
          shown: sentences.join("\n"),
        };
      }
      default:
        return { body: { json: { inputs: text } }, shown: text };
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || running) return;
    const { body, shown } = payload();
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setError(undefined);
    try {
      setAnswer({ value: await callTask(modelId, body, abort.signal), text: shown });
    } catch (failure) {
      if (!abort.signal.aborted) setError(describeFailure(failure));
    } finally {
      setRunning(false);
    }
  }

  return (
    <form
      className="try-it-chat"
      onSubmit={(event) => void submit(event)}
      data-testid="try-it-task"
      data-task={task}
    >
      {task === "image-classification" ? (
        <label className="field">
          Image
          <input
            className="input"
            type="file"
            accept="image/*"
            data-testid="try-it-image"
            onChange={(event) => setFile(event.target.files?.[0])}
          />
        </label>
      ) : (
        <TextArea
          label={
            task === "question-answering"
              ? "Question"
              : task === "sentence-similarity"
                ? "Source sentence"
                : "Text"
          }
          value={text}
          rows={task === "question-answering" || task === "sentence-similarity" ? 1 : 3}
          placeholder={PLACEHOLDERS[task] ?? "That is a happy person"}
          testId="try-it-input"
          onChange={setText}
        />
      )}
      {task === "zero-shot-classification" ? (
        <TextArea
          label="Candidate labels (comma-separated)"
          value={second}
          rows={1}
          placeholder="urgent, not urgent, phone, tablet"
          testId="try-it-labels"
          onChange={setSecond}
        />
      ) : null}
      {task === "question-answering" ? (
        <TextArea
          label="Context"
          value={second}
          placeholder="My name is Clara and I live in Berkeley."
          testId="try-it-context"
          onChange={setSecond}
        />
      ) : null}
      {task === "sentence-similarity" ? (
        <TextArea
          label="Sentences to compare (one per line)"
          value={second}
          placeholder={"That is a happy dog\nToday is a sunny day"}
          testId="try-it-sentences"
          onChange={setSecond}
        />
      ) : null}
      <div className="try-it-actions">
        <RunOrStop
          running={running}
          stop={() => controller.current?.abort()}
          label="Compute"
          disabled={!ready}
        />
      </div>
      {answer ? (
        <div data-testid="try-it-output" aria-live="polite">
          <TaskResult task={task} answer={answer.value} text={answer.text} />
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
