import type { GenerationOptions } from "../text-generation/job.js";

/** The vision family's jobs, shared by its request half (requests.ts) and its runner (runner.ts). */

export const VISION_FAMILY = "vision";

/** The Hub tasks the vision family answers. */
export const VISION_TASKS = [
  "object-detection",
  "image-segmentation",
  "depth-estimation",
  "image-feature-extraction",
  "image-to-image",
  "image-to-text",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "document-question-answering",
] as const;
export type VisionTask = (typeof VISION_TASKS)[number];

/** What each task's job carries besides its images (the media file). */
export type VisionInput =
  | { task: "object-detection"; threshold: number }
  | {
      task: "image-segmentation";
      threshold: number;
      maskThreshold: number;
      overlapMaskAreaThreshold: number;
      subtask?: "panoptic" | "instance" | "semantic";
    }
  | { task: "depth-estimation" }
  | { task: "image-feature-extraction"; pool: boolean }
  | { task: "image-to-image"; contentType: ImageContentType }
  | {
      task: "image-to-text";
      options: Omit<GenerationOptions, "return_full_text">;
      seed?: number;
      /** huggingface.js reads one `{generated_text}` object, not the list the other clients read. */
      bareObject: boolean;
    }
  | { task: "zero-shot-image-classification"; labels: string[]; hypothesisTemplate?: string }
  | { task: "zero-shot-object-detection"; labels: string[]; threshold: number; topK?: number }
  | { task: "document-question-answering"; question: string };

/** The job's images: how many, and whether the caller sent one (answered alone) or a list. */
export interface VisionJobInput {
  input: VisionInput;
  images: number;
  single: boolean;
}

/** Formats an image-to-image answer can take (`Accept`), PNG unless asked. */
export const IMAGE_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/**
 * What the runner answers: the Inference API's JSON, already serialised in the worker (a depth map or
 * a feature tensor is large: the hub's main thread only passes the text on), or an image.
 */
export type VisionOutput = { json: string } | { image: string; contentType: ImageContentType };

const MAGIC = Buffer.from("MHIMG1\n");

/**
 * The job's images in one media file: a magic line, then each image as a 4-byte big-endian length and
 * its bytes (a list of images travels as one file, like a single one).
 */
export function packImages(images: readonly Uint8Array[]): Uint8Array {
  const parts: Buffer[] = [MAGIC];
  for (const image of images) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(image.length);
    parts.push(length, Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** The images of a media file written by `packImages`. */
export function unpackImages(file: Uint8Array): Uint8Array[] {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (!data.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error("not a packed image file");
  const images: Uint8Array[] = [];
  let at = MAGIC.length;
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    images.push(new Uint8Array(data.subarray(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  return images;
}
