import { describe, expect, it } from "vitest";
import {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  SUBTASK_TYPES,
  isPipelineType,
} from "@modelhub/tasks";

// Task ids issue 2 names explicitly, on top of the classic NLP / audio / vision families.
const REQUIRED_IDS = [
  "text-classification",
  "token-classification",
  "table-question-answering",
  "question-answering",
  "zero-shot-classification",
  "translation",
  "summarization",
  "feature-extraction",
  "text-generation",
  "fill-mask",
  "sentence-similarity",
  "text-to-speech",
  "text-to-audio",
  "automatic-speech-recognition",
  "audio-to-audio",
  "audio-classification",
  "voice-activity-detection",
  "depth-estimation",
  "image-classification",
  "object-detection",
  "image-segmentation",
  "text-to-image",
  "image-to-text",
  "image-to-image",
  "image-to-video",
  "unconditional-image-generation",
  "video-classification",
  "reinforcement-learning",
  "robotics",
  "tabular-classification",
  "tabular-regression",
  "time-series-forecasting",
  "graph-ml",
  "other",
  "video-text-to-text",
  "video-to-video",
  "visual-question-answering",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "text-to-3d",
  "image-to-3d",
  "any-to-any",
  "image-text-to-text",
  "audio-text-to-text",
  "keypoint-detection",
  "mask-generation",
  "text-ranking",
  "visual-document-retrieval",
  "image-text-to-image",
  "image-text-to-video",
  "document-question-answering",
  "image-feature-extraction",
  "text-to-video",
];

describe("PIPELINE_DATA", () => {
  it("knows at least 57 task ids, each once", () => {
    expect(PIPELINE_TYPES.length).toBeGreaterThanOrEqual(57);
    expect(new Set(PIPELINE_TYPES).size).toBe(PIPELINE_TYPES.length);
    expect(PIPELINE_TYPES_SET.size).toBe(PIPELINE_TYPES.length);
  });

  it.each(REQUIRED_IDS)("has %s", (id) => {
    expect(PIPELINE_TYPES).toContain(id);
    expect(isPipelineType(id)).toBe(true);
  });

  it.each(PIPELINE_TYPES)("%s has a display name, a known modality and well-formed subtasks", (id) => {
    const info = PIPELINE_DATA[id];
    expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(info.name.trim()).not.toBe("");
    expect(MODALITIES).toContain(info.modality);
    expect(MODALITY_LABELS[info.modality]).toBeTruthy();
    const subtasks = "subtasks" in info ? info.subtasks : [];
    const types = subtasks.map((s) => s.type);
    expect(new Set(types).size).toBe(types.length);
    for (const subtask of subtasks) {
      expect(subtask.type).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(subtask.name.trim()).not.toBe("");
    }
  });

  it("gives a subtask id shared by several tasks the same display name everywhere", () => {
    const names = new Map<string, string>();
    for (const info of Object.values(PIPELINE_DATA)) {
      for (const subtask of "subtasks" in info ? info.subtasks : []) {
        const seen = names.get(subtask.type);
        if (seen !== undefined) expect(subtask.name).toBe(seen);
        names.set(subtask.type, subtask.name);
      }
    }
    expect(new Set(SUBTASK_TYPES)).toEqual(new Set(names.keys()));
  });

  it("names are unique across tasks", () => {
    const names = PIPELINE_TYPES.map((id) => PIPELINE_DATA[id].name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("places multimodal tasks in the multimodal modality", () => {
    for (const id of [
      "image-text-to-text",
      "visual-question-answering",
      "document-question-answering",
      "any-to-any",
    ] as const) {
      expect(PIPELINE_DATA[id].modality).toBe("multimodal");
    }
  });

  it("rejects unknown ids", () => {
    expect(isPipelineType("text-to-smell")).toBe(false);
    expect(isPipelineType(42)).toBe(false);
  });
});
