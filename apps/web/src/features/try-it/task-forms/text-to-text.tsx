import { useState, type FormEvent } from "react";
import { RunOrStop } from "../run-or-stop.js";
import { FormOutput, TextArea } from "./form-parts.js";
import type { TaskFormEntry, TaskFormProps } from "./types.js";
import { useTaskCall } from "./use-task-call.js";

const PLACEHOLDERS: Record<string, string> = {
  "text2text-generation": "Translate to German: My name is Arthur",
  summarization:
    "The tower is 324 metres tall, about as high as an 81-storey building, and the tallest structure in Paris.",
  translation: "My name is Wolfgang and I live in Berlin",
};

const ANSWER_KEYS = ["generated_text", "summary_text", "translation_text"];

/** The text of an answer `[{generated_text | summary_text | translation_text}]`. */
function answerText(json: unknown): string | undefined {
  const first = Array.isArray(json) ? (json[0] as Record<string, unknown> | undefined) : undefined;
  for (const key of ANSWER_KEYS) if (typeof first?.[key] === "string") return first[key] as string;
  return undefined;
}

/** text2text-generation, summarization and translation (with optional language codes): text in, text out. */
function TextToTextForm({ modelId, task }: TaskFormProps) {
  const [text, setText] = useState("");
  const [source, setSource] = useState("");
  const [target, setTarget] = useState("");
  const call = useTaskCall(modelId);
  const translation = task === "translation";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === "") return;
    const parameters: Record<string, string> = {};
    if (translation && source.trim()) parameters.src_lang = source.trim();
    if (translation && target.trim()) parameters.tgt_lang = target.trim();
    void call.run({ json: { inputs: text, parameters } });
  }

  const shown = call.answer && "json" in call.answer ? answerText(call.answer.json) : undefined;
  return (
    <form className="try-it-chat" onSubmit={submit} data-testid="try-it-task" data-task={task}>
      <TextArea
        label="Text"
        value={text}
        rows={task === "summarization" ? 5 : 3}
        placeholder={PLACEHOLDERS[task]}
        testId="try-it-input"
        onChange={setText}
      />
      {translation ? (
        <div className="try-it-row">
          <label className="field">
            Source language
            <input
              className="input"
              value={source}
              placeholder="model default (e.g. eng_Latn)"
              data-testid="try-it-src-lang"
              onChange={(event) => setSource(event.target.value)}
            />
          </label>
          <label className="field">
            Target language
            <input
              className="input"
              value={target}
              placeholder="model default (e.g. fra_Latn)"
              data-testid="try-it-tgt-lang"
              onChange={(event) => setTarget(event.target.value)}
            />
          </label>
        </div>
      ) : null}
      <div className="try-it-actions">
        <RunOrStop running={call.running} stop={call.stop} label="Compute" disabled={text.trim() === ""} />
      </div>
      <FormOutput error={call.error}>
        {call.answer ? (
          <div className="try-it-completion" data-testid="try-it-generated">
            <div className="try-it-text">
              {shown ?? JSON.stringify("json" in call.answer ? call.answer.json : "")}
            </div>
          </div>
        ) : null}
      </FormOutput>
    </form>
  );
}

export const TEXT_TO_TEXT_FORMS: readonly TaskFormEntry[] = [
  { tasks: ["text2text-generation", "summarization", "translation"], Form: TextToTextForm },
];
