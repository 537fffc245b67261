import { badRequest, HttpError } from "../../../../domain/errors.js";
import { readImageHeader } from "../../image-header.js";
import { checkedImage, type TaskBody } from "../../task-requests.js";
import { jsonTaskBody, objectField, type Fields } from "../params.js";

/** The most images one call may carry (a JSON list, where the task takes one). */
export const MAX_IMAGES = 16;

/**
 * Tasks that answer per pixel of the input (a mask per label, a depth value per pixel, an image twice as
 * wide): their working memory and answer grow with the picture, so they take at most this many pixels.
 */
export const MAX_DENSE_PIXELS = 1024 * 1024;
const DENSE_TASKS = new Set(["image-segmentation", "depth-estimation", "image-to-image"]);

/** An image from JSON text: base64, optionally as a data URL; never a URL to fetch. */
export function base64Image(value: unknown, what: string): Uint8Array {
  if (typeof value !== "string" || value.trim() === "")
    throw badRequest(`${what} must be the image: send its bytes as the body, or base64 in ${what}`);
  const text = value.trim();
  if (/^https?:\/\//i.test(text))
    throw badRequest(
      `${what} is a URL: this hub does not fetch images from the internet; send the image bytes`,
    );
  const data = text.replace(/^data:[^;,]*;base64,/i, "");
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(data)) throw badRequest(`${what} is not base64-encoded image data`);
  return new Uint8Array(Buffer.from(data, "base64"));
}

/**
 * An image this hub decodes for `task`: a known format within MODELHUB_ONNX_MAX_IMAGE_PIXELS (checked
 * from its header, before any decoder sees it), and for the per-pixel tasks within MAX_DENSE_PIXELS.
 */
export function checkedTaskImage(bytes: Uint8Array, task: string, maxImagePixels: number): Uint8Array {
  checkedImage(bytes, { maxImagePixels });
  const header = readImageHeader(bytes)!;
  const pixels = header.width * header.height;
  if (DENSE_TASKS.has(task) && pixels > MAX_DENSE_PIXELS)
    throw new HttpError(
      413,
      `The image is ${header.width}×${header.height} pixels (${(pixels / 1e6).toFixed(1)} megapixels): ${task} answers for every pixel of the image, so this hub takes images of at most ${MAX_DENSE_PIXELS} pixels (1024×1024) for it; scale the image down first`,
    );
  return bytes;
}

export interface ImageRequest {
  images: Uint8Array[];
  /** One image was sent (the answer is that image's), not a list. */
  single: boolean;
  parameters: Fields;
  /** The structured `inputs` (`{"image", "question"}`), when it was an object. */
  fields?: Fields;
}

/**
 * The image(s) of a task body: the raw body (any image content type), or JSON whose `inputs` is base64,
 * a list of base64 images (`batch`), or an object whose `image` is base64 (with its other fields, such
 * as a question, kept in `fields`).
 */
export function imageRequest(
  body: TaskBody,
  task: string,
  options: { batch: boolean; maxImagePixels: number },
): ImageRequest {
  const check = (bytes: Uint8Array) => checkedTaskImage(bytes, task, options.maxImagePixels);
  if (body.kind === "bytes") return { images: [check(body.bytes)], single: true, parameters: {} };
  const { inputs, parameters } = jsonTaskBody(body, task);
  if (Array.isArray(inputs)) {
    if (!options.batch)
      throw badRequest(`${task} takes one image per call: send it as the body, or base64 in "inputs"`);
    if (inputs.length === 0 || inputs.length > MAX_IMAGES)
      throw badRequest(`"inputs" must hold 1 to ${MAX_IMAGES} base64 images`);
    return {
      images: inputs.map((item, i) => check(base64Image(item, `"inputs[${i}]"`))),
      single: false,
      parameters,
    };
  }
  if (inputs !== null && typeof inputs === "object") {
    const fields = objectField(inputs, '"inputs"');
    return { images: [check(base64Image(fields.image, '"inputs.image"'))], single: true, parameters, fields };
  }
  return { images: [check(base64Image(inputs, '"inputs"'))], single: true, parameters };
}
