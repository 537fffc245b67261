import { badRequest } from "../../../../domain/errors.js";
import { ONNX_WEIGHTS } from "../../servable.js";
import type { TaskFamily } from "../family.js";
import { ENCODER_DECODER_GRAPHS, transformersJsFiles } from "../layout.js";
import {
  booleanField,
  numberField,
  objectField,
  refuseUnused,
  stringField,
  textField,
  type Fields,
} from "../params.js";
import { generationSettings } from "../text-generation/requests.js";
import { imageRequest } from "./images.js";
import {
  IMAGE_CONTENT_TYPES,
  packImages,
  VISION_FAMILY,
  VISION_TASKS,
  type ImageContentType,
  type VisionInput,
  type VisionJobInput,
  type VisionOutput,
  type VisionTask,
} from "./job.js";

const MAX_LABELS = 64;
/** Tasks whose transformers.js pipeline takes a list of images (the answer is then one per image). */
const BATCH_TASKS = new Set<string>([
  "image-to-text",
  "zero-shot-image-classification",
  "depth-estimation",
  "image-feature-extraction",
]);
const VISION_ENCODER = "onnx/vision_model.onnx";

function labels(parameters: Fields): string[] {
  const value = parameters.candidate_labels;
  const list = typeof value === "string" ? value.split(",").map((label) => label.trim()) : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((l) => typeof l !== "string" || l.trim() === ""))
    throw badRequest('"parameters.candidate_labels" is required: a non-empty array of label strings');
  if (list.length > MAX_LABELS)
    throw badRequest(`"parameters.candidate_labels" has more than ${MAX_LABELS} labels`);
  return (list as string[]).map((label, i) => textField(label, `"parameters.candidate_labels[${i}]"`));
}

const unit = (parameters: Fields, key: string, fallback: number) =>
  numberField(parameters, key, "parameters", { min: 0, max: 1 }) ?? fallback;

/** The image-to-image answer's format: PNG unless `Accept` names JPEG or WebP first. */
function imageTypeFor(accept: string | undefined): ImageContentType {
  for (const part of (accept ?? "").split(",")) {
    const type = part.split(";")[0].trim().toLowerCase();
    if ((IMAGE_CONTENT_TYPES as readonly string[]).includes(type)) return type as ImageContentType;
  }
  return "image/png";
}

/**
 * huggingface.js (`@huggingface/inference/4.x`) reads an image-to-text answer as one `{generated_text}`
 * object, while huggingface_hub and the Inference API's own shape are a list of them: told by the
 * User-Agent, as huggingface_hub 0.x's zero-shot answers are.
 */
export function wantsBareCaption(userAgent: string | undefined): boolean {
  return /(^|\s)@huggingface\/inference\//.test(userAgent ?? "");
}

/** Generation settings of image-to-text: at the top of `parameters` or under `generation_parameters`. */
function captionSettings(
  parameters: Fields,
  userAgent: string | undefined,
): VisionInput & { task: "image-to-text" } {
  const nestedKey =
    parameters.generation_parameters !== undefined ? "generation_parameters" : "generate_kwargs";
  const nested =
    parameters[nestedKey] === undefined || parameters[nestedKey] === null
      ? {}
      : objectField(parameters[nestedKey], `"parameters.${nestedKey}"`);
  refuseUnused(
    parameters,
    new Set([
      "max_new_tokens",
      "generation_parameters",
      "generate_kwargs",
      "temperature",
      "top_k",
      "top_p",
      "do_sample",
      "seed",
    ]),
  );
  const merged = { ...parameters, ...nested };
  refuseUnused(
    nested,
    new Set(["max_new_tokens", "temperature", "top_k", "top_p", "do_sample", "seed", "repetition_penalty"]),
  );
  const { options, seed } = generationSettings(merged);
  const { return_full_text: _unused, ...rest } = options;
  return { task: "image-to-text", options: rest, seed, bareObject: wantsBareCaption(userAgent) };
}

function taskInput(
  task: VisionTask,
  parameters: Fields,
  fields: Fields | undefined,
  call: { accept?: string; userAgent?: string },
): VisionInput {
  switch (task) {
    case "object-detection":
      refuseUnused(parameters, new Set(["threshold"]));
      return { task, threshold: unit(parameters, "threshold", 0.5) };
    case "image-segmentation": {
      refuseUnused(
        parameters,
        new Set(["threshold", "mask_threshold", "overlap_mask_area_threshold", "subtask"]),
      );
      const subtask = stringField(parameters, "subtask", "parameters");
      if (subtask !== undefined && subtask !== "panoptic" && subtask !== "instance" && subtask !== "semantic")
        throw badRequest('"parameters.subtask" must be "panoptic", "instance" or "semantic"');
      return {
        task,
        threshold: unit(parameters, "threshold", 0.5),
        maskThreshold: unit(parameters, "mask_threshold", 0.5),
        overlapMaskAreaThreshold: unit(parameters, "overlap_mask_area_threshold", 0.8),
        subtask,
      };
    }
    case "depth-estimation":
      refuseUnused(parameters, new Set());
      return { task };
    case "image-feature-extraction":
      refuseUnused(parameters, new Set(["pool"]));
      return { task, pool: booleanField(parameters, "pool", "parameters") ?? false };
    case "image-to-image":
      // A prompt (what the Hub's snippets send) means nothing to an upscaler: accepted, not read.
      refuseUnused(parameters, new Set(["prompt", "negative_prompt"]));
      return { task, contentType: imageTypeFor(call.accept) };
    case "image-to-text":
      return captionSettings(parameters, call.userAgent);
    case "zero-shot-image-classification": {
      refuseUnused(parameters, new Set(["candidate_labels", "hypothesis_template"]));
      const template = stringField(parameters, "hypothesis_template", "parameters");
      if (template !== undefined && !template.includes("{}"))
        throw badRequest('"parameters.hypothesis_template" must be a string containing {}');
      return { task, labels: labels(parameters), hypothesisTemplate: template };
    }
    case "zero-shot-object-detection":
      refuseUnused(parameters, new Set(["candidate_labels", "threshold", "top_k"]));
      return {
        task,
        labels: labels(parameters),
        threshold: unit(parameters, "threshold", 0.1),
        topK: numberField(parameters, "top_k", "parameters", { min: 1, max: 1000, integer: true }),
      };
    case "document-question-answering": {
      refuseUnused(parameters, new Set());
      if (!fields) throw badRequest('"inputs" must be an object {"image": <base64>, "question": "…"}');
      return { task, question: textField(fields.question, '"inputs.question"') };
    }
  }
}

/** The files a vision task needs (graphs, preprocessor, tokenizer for the text-reading ones). */
function layout(task: string, paths: readonly string[]): string[] | string {
  const image = ["preprocessor_config.json"];
  switch (task) {
    case "image-to-text":
    case "document-question-answering":
      return transformersJsFiles(paths, ENCODER_DECODER_GRAPHS, [...image, "tokenizer.json"]);
    case "zero-shot-image-classification":
    case "zero-shot-object-detection":
      return transformersJsFiles(paths, [ONNX_WEIGHTS], [...image, "tokenizer.json"]);
    case "image-feature-extraction":
      // CLIP-family exports keep the image tower apart (`vision_model.onnx`), which transformers.js loads.
      return paths.includes(VISION_ENCODER) && !paths.includes(ONNX_WEIGHTS)
        ? transformersJsFiles(paths, [VISION_ENCODER], image)
        : transformersJsFiles(
            paths,
            [ONNX_WEIGHTS, ...(paths.includes(VISION_ENCODER) ? [VISION_ENCODER] : [])],
            image,
          );
    default:
      return transformersJsFiles(paths, [ONNX_WEIGHTS], image);
  }
}

/**
 * Vision and image-text tasks on models in the transformers.js layout (README "Vision and image-text
 * tasks"). The image comes as the raw body, or base64 in a JSON `inputs` (a list for the tasks whose
 * pipeline batches; `{"image", "question"}` for document QA), checked by its header against the pixel
 * budgets before any decoding. Answers have the Inference API's shapes (JSON made in the worker), or
 * are an image (image-to-image).
 */
export const visionFamily: TaskFamily = {
  name: VISION_FAMILY,
  tasks: VISION_TASKS,
  layout,
  job(task, body, call) {
    const request = imageRequest(body, task, {
      batch: BATCH_TASKS.has(task),
      maxImagePixels: call.limits.maxImagePixels,
    });
    const input: VisionJobInput = {
      input: taskInput(task as VisionTask, request.parameters, request.fields, call),
      images: request.images.length,
      single: request.single,
    };
    return { family: VISION_FAMILY, task, input, media: packImages(request.images) };
  },
  answer(_job, result) {
    const output = result.output as VisionOutput;
    if ("json" in output)
      return { bytes: new Uint8Array(Buffer.from(output.json)), contentType: "application/json" };
    return { bytes: new Uint8Array(Buffer.from(output.image, "base64")), contentType: output.contentType };
  },
};

/**
 * Vision and multimodal task families (object detection, segmentation, depth, image features,
 * image-to-image, image-to-text, zero-shot image tasks, document QA); registry.ts includes this list.
 */
export const VISION_FAMILIES: readonly TaskFamily[] = [visionFamily];
