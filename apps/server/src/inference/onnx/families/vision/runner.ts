import { readFile } from "node:fs/promises";
import type { Tensor } from "@huggingface/transformers";
import { random, RawImage } from "@huggingface/transformers";
import type { FamilyJob, JobResult } from "../../worker-protocol.js";
import { BadInputError, type FamilyRunner, type WorkerContext } from "../worker-api.js";
import {
  unpackImages,
  VISION_FAMILY,
  type ImageContentType,
  type VisionJobInput,
  type VisionOutput,
} from "./job.js";

/**
 * The vision family's worker half: each task runs transformers.js's own pipeline on the decoded
 * images, and its answer is turned into the Inference API's shape here (masks and depth maps as PNG,
 * tensors as nested lists, JSON serialised once), so the hub's main thread only passes bytes on.
 */

type Pipe = (...args: unknown[]) => Promise<unknown>;
interface Segment {
  label: string | null;
  score: number | null;
  mask: RawImage;
}
interface Depth {
  predicted_depth: Tensor;
  depth: RawImage;
}

async function decodeImages(context: WorkerContext): Promise<RawImage[]> {
  if (!context.mediaPath) throw new Error("the job has no image file");
  const images = unpackImages(await readFile(context.mediaPath));
  return Promise.all(
    images.map(async (bytes, index) => {
      try {
        return await RawImage.fromBlob(new Blob([bytes]));
      } catch (err) {
        const which = images.length > 1 ? ` (image ${index + 1})` : "";
        const reason = err instanceof Error ? `: ${err.message}` : "";
        throw new BadInputError(
          `The image${which} could not be decoded; it is damaged or not an image${reason}`,
        );
      }
    }),
  );
}

/** An image as base64 in the given format (PNG is lossless: masks keep every pixel). */
async function encodeImage(image: RawImage, type: ImageContentType = "image/png"): Promise<string> {
  // sharp writes a one-channel image as RGB unless told: a mask or depth map stays grey-level.
  const sharp = image.channels === 1 ? image.toSharp().toColourspace("b-w") : image.toSharp();
  const encoded = type === "image/jpeg" ? sharp.jpeg() : type === "image/webp" ? sharp.webp() : sharp.png();
  return (await encoded.toBuffer()).toString("base64");
}

/** float32 values as JSON numbers with 9 significant digits: each reads back as the same float32. */
function float32List(tensor: Tensor): unknown {
  const round = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(round) : Number((value as number).toPrecision(9));
  return round(tensor.tolist());
}

/** Segmentation subtasks in the order transformers.js picks the first its image processor has. */
const SUBTASKS = [
  ["panoptic", "post_process_panoptic_segmentation"],
  ["instance", "post_process_instance_segmentation"],
  ["semantic", "post_process_semantic_segmentation"],
] as const;

/**
 * A named subtask must be the one the pipeline runs for this model (the first its processor offers):
 * transformers.js 4.3 fails on any explicitly named subtask, so the hub never passes one on.
 */
function checkSubtask(pipe: Pipe, asked: string | undefined): void {
  if (asked === undefined) return;
  const processor = (pipe as { processor?: { image_processor?: Record<string, unknown> } }).processor;
  const offered = SUBTASKS.filter(([, method]) => typeof processor?.image_processor?.[method] === "function");
  const runs = offered[0]?.[0] ?? "mask";
  if (asked !== runs)
    throw new BadInputError(
      `"parameters.subtask" is "${asked}": this model's segmentation is ${runs}${offered.length > 1 ? ` (transformers.js runs only its first subtask, of ${offered.map(([name]) => name).join(", ")})` : ""}`,
    );
}

const json = (value: unknown): VisionOutput => ({ json: JSON.stringify(value) });

/** Counts generated tokens (one per row per step) and ends generation when the caller left. */
function generationWatch(signal: AbortSignal) {
  const watch = {
    tokens: 0,
    criterion: (rows: unknown[]) => {
      watch.tokens += rows.length;
      return rows.map(() => signal.aborted);
    },
  };
  return watch;
}

async function answer(
  { input, single }: VisionJobInput,
  images: RawImage[],
  pipe: Pipe,
  signal: AbortSignal,
): Promise<{ output: VisionOutput; completionTokens?: number }> {
  const first = images[0];
  const all = single ? first : images;
  switch (input.task) {
    case "object-detection":
      return { output: json(await pipe(first, { threshold: input.threshold, percentage: false })) };
    case "zero-shot-object-detection":
      return {
        output: json(
          await pipe(first, input.labels, {
            threshold: input.threshold,
            top_k: input.topK ?? null,
            percentage: false,
          }),
        ),
      };
    case "image-segmentation": {
      checkSubtask(pipe, input.subtask);
      const segments = (await pipe(first, {
        threshold: input.threshold,
        mask_threshold: input.maskThreshold,
        overlap_mask_area_threshold: input.overlapMaskAreaThreshold,
        // Named or not, the pipeline runs the model's first subtask (naming one trips transformers.js 4.3).
        subtask: null,
      })) as Segment[];
      const shaped = [];
      // No score where the model gives none (semantic segmentation): huggingface.js refuses a null one.
      for (const { score, label, mask } of segments)
        shaped.push({ ...(score === null ? {} : { score }), label, mask: await encodeImage(mask) });
      return { output: json(shaped) };
    }
    case "depth-estimation": {
      const result = await pipe(all);
      const maps = (Array.isArray(result) ? result : [result]) as Depth[];
      const shaped = [];
      for (const map of maps)
        shaped.push({
          predicted_depth: float32List(map.predicted_depth),
          depth: await encodeImage(map.depth),
        });
      return { output: json(single ? shaped[0] : shaped) };
    }
    case "image-feature-extraction": {
      const features = float32List((await pipe(all, { pool: input.pool })) as Tensor) as unknown[];
      // A list of images: one answer per image, each shaped like a single image's ([1, tokens, hidden]).
      return { output: json(single ? features : features.map((row) => [row])) };
    }
    case "image-to-image": {
      const image = (await pipe(first)) as RawImage;
      return {
        output: { image: await encodeImage(image, input.contentType), contentType: input.contentType },
      };
    }
    case "image-to-text": {
      if (input.seed !== undefined) random.seed(input.seed);
      const watch = generationWatch(signal);
      const output = await pipe(all, { ...input.options, stopping_criteria: [watch.criterion] });
      const answer = single && input.bareObject ? (output as unknown[])[0] : output;
      return { output: json(answer), completionTokens: watch.tokens };
    }
    case "zero-shot-image-classification": {
      const options = input.hypothesisTemplate ? { hypothesis_template: input.hypothesisTemplate } : {};
      return { output: json(await pipe(all, input.labels, options)) };
    }
    case "document-question-answering": {
      const watch = generationWatch(signal);
      const output = await pipe(first, input.question, { stopping_criteria: [watch.criterion] });
      return { output: json(output), completionTokens: watch.tokens };
    }
  }
}

async function run(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  const request = job.input as VisionJobInput;
  const images = await decodeImages(context);
  const pipe = await context.pipeline(job.task);
  const { output, completionTokens } = await answer(request, images, pipe, context.signal);
  if (context.signal.aborted) throw new Error("The caller went away");
  return { output, promptTokens: 0, completionTokens };
}

export const visionRunner: FamilyRunner = { family: VISION_FAMILY, run };
