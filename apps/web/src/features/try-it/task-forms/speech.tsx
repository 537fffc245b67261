import { useState, type FormEvent } from "react";
import { RunOrStop } from "../run-or-stop.js";
import { AudioInput, useObjectUrl } from "./audio-input.js";
import { blobToBase64 } from "./call.js";
import { Bars, FormOutput, TextArea } from "./form-parts.js";
import type { TaskFormEntry, TaskFormProps } from "./types.js";
import { useTaskCall } from "./use-task-call.js";

interface Transcript {
  text: string;
  chunks?: { text: string; timestamp: [number | null, number | null] }[];
}

const seconds = (value: number | null) => (value === null ? "…" : `${value.toFixed(2)} s`);

/** A transcript, and its timed segments when they were asked for. */
function TranscriptView({ transcript }: { transcript: Transcript }) {
  return (
    <div className="try-it-completion" data-testid="try-it-transcript">
      <div className="try-it-text">{transcript.text || "(no speech recognised)"}</div>
      {transcript.chunks && transcript.chunks.length > 0 ? (
        <ol className="try-it-segments" data-testid="try-it-segments">
          {transcript.chunks.map((chunk, index) => (
            <li key={index}>
              <span className="try-it-time mono">
                [{seconds(chunk.timestamp[0])} → {seconds(chunk.timestamp[1])}]
              </span>{" "}
              <span className="try-it-text">{chunk.text}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** automatic-speech-recognition and audio-classification: a clip in, a transcript or label bars out. */
function AudioForm({ modelId, task }: TaskFormProps) {
  const [clip, setClip] = useState<Blob>();
  const [timestamps, setTimestamps] = useState(false);
  const call = useTaskCall(modelId);
  const recognition = task === "automatic-speech-recognition";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!clip) return;
    // With parameters the audio travels as base64 in JSON, as huggingface_hub sends it; else as the body.
    if (recognition && timestamps)
      await call.run({ json: { inputs: await blobToBase64(clip), parameters: { return_timestamps: true } } });
    else await call.run({ file: clip });
  }

  const json = call.answer && "json" in call.answer ? call.answer.json : undefined;
  return (
    <form
      className="try-it-chat"
      onSubmit={(event) => void submit(event)}
      data-testid="try-it-task"
      data-task={task}
    >
      <AudioInput value={clip} onChange={setClip} />
      {recognition ? (
        <label className="checkbox small">
          <input
            type="checkbox"
            checked={timestamps}
            data-testid="try-it-timestamps"
            onChange={(event) => setTimestamps(event.target.checked)}
          />{" "}
          Return timestamps
        </label>
      ) : null}
      <div className="try-it-actions">
        <RunOrStop running={call.running} stop={call.stop} label="Compute" disabled={!clip} />
      </div>
      <FormOutput error={call.error}>
        {json === undefined ? null : recognition ? (
          <TranscriptView transcript={json as Transcript} />
        ) : (
          <Bars rows={json as { label: string; score: number }[]} />
        )}
      </FormOutput>
    </form>
  );
}

/** text-to-speech and text-to-audio: text in, an audio player (and a download) out. */
function SpeechForm({ modelId, task }: TaskFormProps) {
  const [text, setText] = useState("");
  const call = useTaskCall(modelId);
  const blob = call.answer && "blob" in call.answer ? call.answer.blob : undefined;
  const url = useObjectUrl(blob);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === "") return;
    // WAV plays in every browser's <audio> element.
    void call.run({ json: { inputs: text } }, "audio/wav");
  }

  return (
    <form className="try-it-chat" onSubmit={submit} data-testid="try-it-task" data-task={task}>
      <TextArea
        label="Text"
        value={text}
        rows={2}
        placeholder="The answer to the universe is 42"
        testId="try-it-input"
        onChange={setText}
      />
      <div className="try-it-actions">
        <RunOrStop running={call.running} stop={call.stop} label="Speak" disabled={text.trim() === ""} />
      </div>
      <FormOutput error={call.error}>
        {url ? (
          <div className="try-it-completion try-it-audio-output">
            <audio className="try-it-player" controls src={url} data-testid="try-it-player" />
            <a className="small" href={url} download="speech.wav">
              Download (WAV)
            </a>
          </div>
        ) : null}
      </FormOutput>
    </form>
  );
}

export const SPEECH_FORMS: readonly TaskFormEntry[] = [
  { tasks: ["automatic-speech-recognition", "audio-classification"], Form: AudioForm },
  { tasks: ["text-to-speech", "text-to-audio"], Form: SpeechForm },
];
