import { useState, type FormEvent } from "react";
import "./vision.css";
import { RunOrStop } from "../run-or-stop.js";
import { useObjectUrl } from "./audio-input.js";
import { blobToBase64, type FormPayload } from "./call.js";
import { Bars, FormOutput, TextArea } from "./form-parts.js";
import { ImageInput } from "./image-input.js";
import type { TaskFormEntry, TaskFormProps } from "./types.js";
import { useTaskCall } from "./use-task-call.js";
import {
  BoxedImage,
  DepthView,
  FeatureSummary,
  ImageAnswer,
  MaskedImage,
  type DetectedBox,
  type Segment,
} from "./vision-results.js";

/** Tasks that also read text: candidate labels, or a question about the page. */
const LABEL_TASKS = new Set(["zero-shot-image-classification", "zero-shot-object-detection"]);
const THRESHOLDS: Record<string, number> = { "object-detection": 0.5, "zero-shot-object-detection": 0.1 };

const splitLabels = (text: string) =>
  text
    .split(",")
    .map((label) => label.trim())
    .filter(Boolean);

/** The answer of a vision task, drawn over (or beside) the image that was sent. */
function VisionAnswer({ task, answer, src }: { task: string; answer: unknown; src: string }) {
  switch (task) {
    case "object-detection":
    case "zero-shot-object-detection":
      return <BoxedImage src={src} boxes={answer as DetectedBox[]} />;
    case "image-segmentation":
      return <MaskedImage src={src} segments={answer as Segment[]} />;
    case "depth-estimation": {
      const { predicted_depth: rows, depth } = answer as { predicted_depth: number[][]; depth: string };
      return <DepthView src={src} depth={depth} size={[rows.length, rows[0]?.length ?? 0]} />;
    }
    case "image-feature-extraction":
      return <FeatureSummary answer={answer} />;
    case "zero-shot-image-classification":
      return <Bars rows={answer as { label: string; score: number }[]} />;
    case "image-to-text":
    case "document-question-answering": {
      const first = (Array.isArray(answer) ? answer[0] : answer) as Record<string, unknown> | undefined;
      const text = (task === "image-to-text" ? first?.generated_text : first?.answer) as string | null;
      return (
        <div className="try-it-completion" data-testid="try-it-generated">
          <div className="try-it-text">{text || "(no answer)"}</div>
        </div>
      );
    }
    default:
      return <pre className="try-it-text">{JSON.stringify(answer, null, 2)}</pre>;
  }
}

/**
 * Every vision task: an image (with candidate labels, a question or a threshold where the task takes
 * one) in; boxes, masks, a depth map, a caption, label bars or an image out.
 */
function VisionForm({ modelId, task }: TaskFormProps) {
  const [file, setFile] = useState<File>();
  const [labels, setLabels] = useState("");
  const [question, setQuestion] = useState("");
  const [threshold, setThreshold] = useState("");
  const [sent, setSent] = useState<File>();
  const call = useTaskCall(modelId);
  const sentUrl = useObjectUrl(sent);
  const needsLabels = LABEL_TASKS.has(task);
  const needsQuestion = task === "document-question-answering";
  const hasThreshold = task in THRESHOLDS;
  const thresholdValue = threshold.trim() === "" ? undefined : Number(threshold);
  const thresholdBad = thresholdValue !== undefined && !(thresholdValue >= 0 && thresholdValue <= 1);
  const ready =
    file !== undefined &&
    !thresholdBad &&
    (!needsLabels || splitLabels(labels).length > 0) &&
    (!needsQuestion || question.trim() !== "");

  async function payload(image: File): Promise<FormPayload> {
    const parameters: Record<string, unknown> = {};
    if (needsLabels) parameters.candidate_labels = splitLabels(labels);
    if (hasThreshold && thresholdValue !== undefined) parameters.threshold = thresholdValue;
    if (needsQuestion) return { json: { inputs: { image: await blobToBase64(image), question } } };
    // With parameters the image travels as base64 in JSON, as the Hub clients send it; else as the body.
    if (Object.keys(parameters).length === 0) return { file: image };
    return { json: { inputs: await blobToBase64(image), parameters } };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || !file) return;
    setSent(file);
    await call.run(await payload(file));
  }

  const answer = call.answer;
  const shown = !answer ? null : "blob" in answer ? (
    <ImageAnswer blob={answer.blob} />
  ) : sentUrl ? (
    <VisionAnswer task={task} answer={answer.json} src={sentUrl} />
  ) : null;
  return (
    <form
      className="try-it-chat"
      onSubmit={(event) => void submit(event)}
      data-testid="try-it-task"
      data-task={task}
    >
      <ImageInput value={file} onChange={setFile} />
      {needsLabels ? (
        <TextArea
          label="Candidate labels (comma-separated)"
          value={labels}
          rows={1}
          placeholder="cat, dog, a red ball"
          testId="try-it-labels"
          onChange={setLabels}
        />
      ) : null}
      {needsQuestion ? (
        <TextArea
          label="Question about the document"
          value={question}
          rows={1}
          placeholder="What is the invoice number?"
          testId="try-it-question"
          onChange={setQuestion}
        />
      ) : null}
      {hasThreshold ? (
        <label className="field try-it-threshold">
          Threshold
          <input
            className="input"
            inputMode="decimal"
            value={threshold}
            placeholder={String(THRESHOLDS[task])}
            aria-invalid={thresholdBad}
            data-testid="try-it-threshold"
            onChange={(event) => setThreshold(event.target.value)}
          />
          {thresholdBad ? <span className="small notice-error">A number from 0 to 1.</span> : null}
        </label>
      ) : null}
      <div className="try-it-actions">
        <RunOrStop running={call.running} stop={call.stop} label="Compute" disabled={!ready} />
      </div>
      <FormOutput error={call.error}>{shown}</FormOutput>
    </form>
  );
}

/** Try-it forms of the vision and multimodal tasks. */
export const VISION_FORMS: readonly TaskFormEntry[] = [
  {
    tasks: [
      "object-detection",
      "image-segmentation",
      "depth-estimation",
      "image-feature-extraction",
      "image-to-image",
      "image-to-text",
      "zero-shot-image-classification",
      "zero-shot-object-detection",
      "document-question-answering",
    ],
    Form: VisionForm,
  },
];
