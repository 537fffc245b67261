import sharp, { type Metadata } from "sharp";
import { BadInputError } from "../families/worker-api.js";

/**
 * Refuses an image before decoding it when its header declares more pixels than the budget (a
 * decompression bomb, or simply too big for a CPU model), or when it is not an image at all. Reads the
 * header only (sharp's metadata). For the vision families' runners: call it on the media file first.
 */
export async function checkImageBudget(
  input: string | Uint8Array,
  maxPixels: number,
): Promise<{ width: number; height: number; format: string }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new BadInputError("The body is not an image this hub can decode (JPEG, PNG, WebP, GIF, …)");
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width === 0 || height === 0) throw new BadInputError("The image has no pixels");
  if (width * height > maxPixels)
    throw new BadInputError(
      `The image is ${width}×${height} pixels; this hub accepts at most ${maxPixels} pixels per image`,
    );
  return { width, height, format: metadata.format ?? "unknown" };
}
